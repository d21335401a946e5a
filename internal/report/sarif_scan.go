package report

import (
	"io"
	"strings"
	"sync"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// sarifCollected is what a streamed check keeps of its findings for the
// SARIF log: how many results each level has in all, and the results the
// log can hold (the first of each level in the run's order, within the
// cap), built and in that order; those without a file too, since they
// count against the cap before they are left out (collectFindings).
type sarifCollected struct {
	perLevel [3]int
	quota    [3]int // how many of each level items holds
	items    []sarifItem
}

// walk yields the kept results as walkFindings would, for collectFindings.
func (c *sarifCollected) walk(fn func(level string, build func() sarifItem)) {
	for i := range c.items {
		it := &c.items[i]
		fn(it.level, func() sarifItem { return *it })
	}
}

// quotas is how many results of each level a log of at most limit results
// keeps (limit < 0: all): the most severe first.
func quotas(perLevel [3]int, limit int) (quota [3]int) {
	total := perLevel[0] + perLevel[1] + perLevel[2]
	if limit < 0 || total <= limit {
		return perLevel
	}
	rest := limit
	for r := range quota {
		quota[r] = min(perLevel[r], rest)
		rest -= quota[r]
	}
	return quota
}

// ScanCheckSARIF writes check's SARIF log for the tools of paths, byte for
// byte what SARIF writes for SARIFInput{Check: <the checked set>,
// Category: category, MaxResults: maxResults}, but file by file
// (check.Scan): a first pass checks and counts each level's results and
// drops the trees; a second loads the files again in report order and
// keeps only the results the log can hold (at most the cap, 25,000 by
// default), so memory does not grow with the tool set. A log over code
// scanning's size limit keeps fewer of the same results, so nothing is
// checked a third time.
//
// loaded is false, and nothing is written, when tool.Load would report a
// problem with paths: the caller loads them with tool.Load to report it.
// onResult is called once per tool of the first pass, in no fixed order,
// one call at a time.
func ScanCheckSARIF(w io.Writer, paths []string, opts tool.Options, targets []string, adjust check.Adjust, in SARIFInput, onResult func(*check.ToolResult)) (loaded bool, err error) {
	var mu sync.Mutex
	k := newSARIFCollector(&in)
	each := func(_ check.ToolKey, tr *check.ToolResult) {
		mu.Lock()
		defer mu.Unlock()
		k.count(tr, 1)
		if onResult != nil {
			onResult(tr)
		}
	}
	retract := func(_ check.ToolKey, tr *check.ToolResult) {
		mu.Lock()
		defer mu.Unlock()
		k.count(tr, -1)
	}
	counting := func() bool { return true }
	s, ok := check.Scan(paths, opts, targets, adjust, check.ScanTo{Each: each, Retract: retract, Counting: counting})
	if !ok {
		return false, nil
	}
	k.keep()
	s.Stream(k.add)
	if err := k.write(w); err != nil {
		return true, err
	}
	if s.Changed() {
		return true, errFileChanged
	}
	return true, nil
}

// StreamCheckSARIF is ScanCheckSARIF for tools already loaded (with
// in.LoadErrors, the files that did not: the log opens with them): the
// tools are checked twice, to count and to keep what the log can hold,
// rather than every finding being held. onResult (nil: none) sees each
// tool's result of the first pass, in order.
func StreamCheckSARIF(w io.Writer, tools []*tool.Tool, targets []string, adjust check.Adjust, in SARIFInput, onResult func(*check.ToolResult)) error {
	k := newSARIFCollector(&in)
	check.StreamAdjusted(tools, targets, adjust, func(tr check.ToolResult) {
		k.count(&tr, 1)
		if onResult != nil {
			onResult(&tr)
		}
	})
	k.keep()
	check.StreamAdjusted(tools, targets, adjust, k.add)
	return k.write(w)
}

// sarifCollector gathers a check's SARIF results as its tools stream by:
// count every tool's findings first, then keep (add) those the log can
// hold, in the run's order; the input's load errors come first.
type sarifCollector struct {
	in   *SARIFInput
	c    sarifCollected
	left [3]int // per level, how many more add keeps
}

func newSARIFCollector(in *SARIFInput) *sarifCollector {
	k := &sarifCollector{in: in}
	walkFindings(&SARIFInput{LoadErrors: in.LoadErrors}, func(level string, _ func() sarifItem) {
		k.c.perLevel[levelRank(level)]++
	})
	return k
}

// count adds (sign 1) or takes back (-1) tr's results.
func (k *sarifCollector) count(tr *check.ToolResult, sign int) {
	for _, t := range uniqueTargets(tr.Targets) {
		for j := range t.Diagnostics {
			k.c.perLevel[levelRank(sarifLevel(t.Diagnostics[j].Severity))] += sign
		}
	}
}

// keep ends the counting: the quotas are known, and the load errors are
// kept first.
func (k *sarifCollector) keep() {
	k.c.quota = quotas(k.c.perLevel, resultCap(k.in.MaxResults))
	k.left = k.c.quota
	k.walk(&SARIFInput{LoadErrors: k.in.LoadErrors, Paths: k.in.Paths})
}

// add keeps what the log can hold of one tool's results (in the run's
// order).
func (k *sarifCollector) add(tr check.ToolResult) {
	k.walk(&SARIFInput{Check: &check.Result{Tools: []check.ToolResult{tr}}, Paths: k.in.Paths})
}

func (k *sarifCollector) walk(one *SARIFInput) {
	walkFindings(one, func(level string, build func() sarifItem) {
		r := levelRank(level)
		if k.left[r] == 0 {
			return
		}
		k.left[r]--
		k.c.items = append(k.c.items, ownedItem(build()))
	})
}

// write writes the log of what was kept.
func (k *sarifCollector) write(w io.Writer) error {
	in := *k.in
	in.Check, in.LoadErrors, in.collected = nil, nil, &k.c
	return SARIF(w, in)
}

// ownedItemHook, when set, is called for each result kept (tests count
// them).
var ownedItemHook func()

// ownedItem gives a kept result its own copies of its text: the check's
// diagnostics, and the trees and text arenas their strings may sit in,
// are reused or dropped once the tool is done.
func ownedItem(it sarifItem) sarifItem {
	if ownedItemHook != nil {
		ownedItemHook()
	}
	for _, s := range []*string{&it.ruleID, &it.message, &it.file, &it.toolName, &it.target, &it.path,
		&it.providerID, &it.targetName, &it.docsURL, &it.classification, &it.compile.Detail} {
		*s = strings.Clone(*s)
	}
	return it
}
