package report

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
	"github.com/schemaport/schemaport-action/internal/version"
)

// CheckJSONMemory is how many bytes of rendered tools StreamCheckJSON and
// ScanCheckJSON hold to write the document in one pass; a bigger report
// is checked twice instead (the first pass then only counts).
const CheckJSONMemory = 16 << 20

// StreamCheckJSON checks tools against targets (check.StreamEncoded) and
// writes check's JSON document to w, byte for byte the one CheckJSON writes
// for check.Run's result, without holding every result: each tool is
// rendered on the worker that checked it and dropped once written.
//
// The document opens with the summary, which counts every finding, so
// the tools cannot be written before all are checked. A report of up to
// memory bytes is kept in memory meanwhile and written once; a bigger one
// is counted in a first pass and checked again in a second that writes
// each tool as it comes. Checking again costs less than spooling the
// rendered report to disk and copying it back (it is often larger than
// the files checked), and holds nothing.
//
// onResult sees every tool's result once, in tool order, during the first
// pass (to apply --fail-on); like fn in check.Stream it must not keep it.
func StreamCheckJSON(w io.Writer, tools []*tool.Tool, targets []string, memory int, onResult func(*check.ToolResult)) error {
	return StreamCheckJSONAdjusted(w, tools, targets, nil, memory, onResult)
}

// StreamCheckJSONAdjusted is StreamCheckJSON with adjust (the config's
// rules; nil: none) applied to every tool's result, in both passes, before
// it is counted, encoded or given to onResult.
func StreamCheckJSONAdjusted(w io.Writer, tools []*tool.Tool, targets []string, adjust check.Adjust, memory int, onResult func(*check.ToolResult)) error {
	var (
		totals checkTotals
		kept   [][]byte
		size   int
		over   bool
		render atomic.Bool // false once the first pass stops keeping
	)
	render.Store(true)
	check.StreamEncodedAdjusted(tools, targets, adjust, func(tr *check.ToolResult, buf []byte) []byte {
		if !render.Load() {
			return nil
		}
		return appendToolElement(buf, tr)
	}, func(tr check.ToolResult, enc []byte) bool {
		totals.add(&tr)
		if onResult != nil {
			onResult(&tr)
		}
		if over {
			return false
		}
		if size += len(enc); size > memory {
			over, kept = true, nil
			render.Store(false)
			return false
		}
		kept = append(kept, enc)
		return true
	})
	doc := startCheckJSON(w, totals)
	if !over {
		for _, enc := range kept {
			doc.add(enc)
		}
		return doc.finish()
	}
	check.StreamEncodedAdjusted(tools, targets, adjust, func(tr *check.ToolResult, buf []byte) []byte { return appendToolElement(buf, tr) }, func(_ check.ToolResult, enc []byte) bool {
		doc.add(enc)
		return false
	})
	return doc.finish()
}

// checkTotals is what the document's header says: tools and findings.
type checkTotals struct {
	tools int
	total check.Summary
}

func (c *checkTotals) add(tr *check.ToolResult) {
	c.tools++
	for _, t := range uniqueTargets(tr.Targets) {
		for j := range t.Diagnostics {
			count(&c.total, t.Diagnostics[j].Severity)
		}
	}
}

// sub takes back what add counted for tr.
func (c *checkTotals) sub(tr *check.ToolResult) {
	c.tools--
	for _, t := range uniqueTargets(tr.Targets) {
		for j := range t.Diagnostics {
			uncount(&c.total, t.Diagnostics[j].Severity)
		}
	}
}

func uncount(s *check.Summary, sev string) {
	switch sev {
	case provider.SeverityError:
		s.Error--
	case provider.SeverityWarning:
		s.Warning--
	default:
		s.Info--
	}
}

// checkJSONDoc writes the document: the header, the rendered tools as they
// come, the closing brackets.
type checkJSONDoc struct {
	w     io.Writer
	bw    *bufio.Writer
	tools int
	err   error
}

// directWrite is the size from which a tool's rendering goes to the
// writer as it is, instead of through the buffer: the corpus report
// averages 146 KB a tool (1.46 GB in all), copying it into a buffer
// first was a second pass over every byte, and one write per tool is
// few enough.
const directWrite = 64 << 10

func startCheckJSON(w io.Writer, totals checkTotals) *checkJSONDoc {
	d := &checkJSONDoc{w: w, bw: bufio.NewWriterSize(w, 256<<10)}
	writeCheckHeader(d.bw, totals.tools, totals.total)
	return d
}

// appendToolElement is AppendToolJSON after the comma that separates it
// from the tool before: what checkJSONDoc.add takes, so that a rendering
// written as it is carries its comma (the first tool's is dropped).
func appendToolElement(buf []byte, tr *check.ToolResult) []byte {
	return AppendToolJSON(append(buf, ','), tr)
}

// add writes one tool rendered by appendToolElement.
func (d *checkJSONDoc) add(elem []byte) {
	if d.err != nil {
		return
	}
	if d.tools == 0 && len(elem) > 0 && elem[0] == ',' {
		elem = elem[1:]
	}
	d.tools++
	if len(elem) < directWrite {
		_, d.err = d.bw.Write(elem)
		return
	}
	if d.bw.Buffered() > 0 {
		if d.err = d.bw.Flush(); d.err != nil {
			return
		}
	}
	_, d.err = d.w.Write(elem)
}

func (d *checkJSONDoc) finish() error {
	if d.err != nil {
		return d.err
	}
	writeCheckFooter(d.bw, d.tools)
	return d.bw.Flush()
}

func writeCheckHeader(bw *bufio.Writer, tools int, total check.Summary) {
	bw.WriteString("{\n  \"command\": \"check\",\n")
	bw.WriteString("  \"schemaPortVersion\": " + jsonvalue.Quote(version.Version) + ",\n")
	bw.WriteString("  \"summary\": {\n")
	bw.WriteString("    \"tools\": " + strconv.Itoa(tools) + ",\n")
	bw.WriteString("    \"errors\": " + strconv.Itoa(total.Error) + ",\n")
	bw.WriteString("    \"warnings\": " + strconv.Itoa(total.Warning) + ",\n")
	bw.WriteString("    \"infos\": " + strconv.Itoa(total.Info) + "\n  },\n")
	bw.WriteString("  \"tools\": [")
}

// ScanCheckJSON is StreamCheckJSONAdjusted for tools it loads itself from
// paths, file by file (check.Scan), so that no more than a few files'
// trees are ever in memory: the first pass loads, checks and counts each
// file's tools and drops them (keeping the renderings while they fit in
// memory bytes, then the document is written from them); a bigger report
// is written by a second pass that loads each file again in report order.
// The document is byte for byte the one StreamCheckJSONAdjusted writes for
// the same tools.
//
// loaded is false, and nothing is written, when tool.Load would report a
// problem with paths: the caller loads them with tool.Load to report it.
// onResult is called once per tool, in no fixed order, one call at a
// time.
func ScanCheckJSON(w io.Writer, paths []string, opts tool.Options, targets []string, adjust check.Adjust, memory int, onResult func(*check.ToolResult)) (loaded bool, err error) {
	var (
		mu     sync.Mutex
		totals checkTotals
		kept   = map[check.ToolKey][]byte{}
		size   int
		over   atomic.Bool
	)
	each := func(key check.ToolKey, tr *check.ToolResult) {
		var enc []byte
		if !over.Load() {
			enc = appendToolElement(nil, tr)
		}
		mu.Lock()
		defer mu.Unlock()
		totals.add(tr)
		if onResult != nil {
			onResult(tr)
		}
		if over.Load() {
			return
		}
		size += len(enc) - len(kept[key])
		if size > memory {
			over.Store(true)
			kept = nil
			return
		}
		kept[key] = enc
	}
	retract := func(_ check.ToolKey, tr *check.ToolResult) {
		mu.Lock()
		defer mu.Unlock()
		totals.sub(tr)
	}
	s, ok := check.Scan(paths, opts, targets, adjust, check.ScanTo{Each: each, Retract: retract, Counting: over.Load})
	if !ok {
		return false, nil
	}
	doc := startCheckJSON(w, totals)
	if !over.Load() {
		for _, key := range s.Order() {
			doc.add(kept[key])
		}
		return true, doc.finish()
	}
	s.StreamEncoded(func(tr *check.ToolResult, buf []byte) []byte { return appendToolElement(buf, tr) }, func(_ check.ToolResult, enc []byte) bool {
		doc.add(enc)
		return false
	})
	if err := doc.finish(); err != nil {
		return true, err
	}
	if s.Changed() {
		return true, errFileChanged
	}
	return true, nil
}

// errFileChanged is a second pass finding a file other than the first did.
var errFileChanged = errors.New("a tool file changed while it was being checked; run the check again")
