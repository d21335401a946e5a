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
	var (
		mu       sync.Mutex
		perLevel [3]int
	)
	count := func(tr *check.ToolResult, sign int) {
		for _, t := range uniqueTargets(tr.Targets) {
			for j := range t.Diagnostics {
				perLevel[levelRank(sarifLevel(t.Diagnostics[j].Severity))] += sign
			}
		}
	}
	each := func(_ check.ToolKey, tr *check.ToolResult) {
		mu.Lock()
		defer mu.Unlock()
		count(tr, 1)
		if onResult != nil {
			onResult(tr)
		}
	}
	retract := func(_ check.ToolKey, tr *check.ToolResult) {
		mu.Lock()
		defer mu.Unlock()
		count(tr, -1)
	}
	counting := func() bool { return true }
	s, ok := check.Scan(paths, opts, targets, adjust, check.ScanTo{Each: each, Retract: retract, Counting: counting})
	if !ok {
		return false, nil
	}
	c := &sarifCollected{perLevel: perLevel, quota: quotas(perLevel, resultCap(in.MaxResults))}
	left := c.quota
	s.Stream(func(tr check.ToolResult) {
		one := SARIFInput{Check: &check.Result{Tools: []check.ToolResult{tr}}, Paths: in.Paths}
		walkFindings(&one, func(level string, build func() sarifItem) {
			r := levelRank(level)
			if left[r] == 0 {
				return
			}
			left[r]--
			c.items = append(c.items, ownedItem(build()))
		})
	})
	in.Check, in.collected = nil, c
	if err := SARIF(w, in); err != nil {
		return true, err
	}
	if s.Changed() {
		return true, errFileChanged
	}
	return true, nil
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
