package report

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// compileTargetName is a target's display name in the compile report.
func compileTargetName(id string) string {
	if t, ok := compile.Lookup(id); ok {
		return t.Name
	}
	return id
}

// CompileText writes the compile report: per tool and target, the file
// written with every transformation and kept warning, or the refusal with
// its reasons; then one Result line. out is the output directory as shown.
func CompileText(w io.Writer, p *compile.Plan, out string, opts TextOptions) error {
	bw := bufio.NewWriter(w)
	pt := painter(opts.Color)
	if len(p.Tools) == 0 {
		bw.WriteString("No tools found.\n")
		return bw.Flush()
	}
	// One run lists at most RunLimits.PerRun entries in all (58,000 tools
	// printed 321 MB); past that, each pair still says what it left out.
	budget := RunLimits.PerRun
	for i, t := range p.Tools {
		bw.WriteString(pt.paint(ansiBold, "Tool:") + " " + clean(t.Name) + "\n")
		for j, id := range p.Targets {
			r := &p.Results[i][j]
			bw.WriteString("\n" + pt.paint(ansiBold, clean(compileTargetName(id))) + "\n")
			if r.OK {
				bw.WriteString(pt.paint(ansiGreen, markOK) + " " + clean(out+"/"+id+"/"+compile.FileBase(t.Name)+".json") + "\n")
				writeTransformations(bw, pt, r.Transformations, &budget)
				limit := min(MaxListedTransformations, budget)
				for k, d := range r.Diagnostics {
					if k == limit {
						bw.WriteString("… " + plural(len(r.Diagnostics)-k, "more warning") + ", listed in " + compile.ManifestFile + ".\n")
						break
					}
					budget--
					mark, color := severityMark(d.Severity)
					bw.WriteString(pt.paint(color, mark) + " " + clean(truncateText(d.Message)) + "\n  Path: " + clean(AbbreviatePath(d.Path)) + "\n")
				}
				continue
			}
			bw.WriteString(pt.paint(ansiRed, markError) + " Refused. Nothing was written for this target.\n")
			blocking := r.Blocking()
			limit := min(MaxListedTransformations, budget)
			for k, d := range blocking {
				if k == limit {
					bw.WriteString("  … " + plural(len(blocking)-k, "more error") + ".\n")
					break
				}
				budget--
				bw.WriteString("  " + clean(truncateText(d.Message)) + "\n  Path: " + clean(AbbreviatePath(d.Path)) + "\n")
			}
			writeTransformations(bw, pt, r.Transformations, &budget)
			if r.LossyRefusal() {
				bw.WriteString("  Re-run with --allow-lossy to accept the weaker output.\n")
			}
		}
		bw.WriteString("\n")
	}
	bw.WriteString("Result: " + plural(p.Written, "file") + " written to " + clean(out) + ", " + plural(p.Refused, "refusal") + "\n")
	return bw.Flush()
}

// MaxListedTransformations is the most transformations (and, apart, the
// most warnings) the text report lists for one tool and target. Inlining `$ref`s can make hundreds of
// thousands (a 6 KB tool whose definitions each use the previous one twice
// printed 15 MB); the manifest keeps every one.
const MaxListedTransformations = 100

// writeTransformations lists trs, at most MaxListedTransformations and
// what is left of the run's budget (which it spends).
func writeTransformations(bw *bufio.Writer, pt painter, trs []compile.Transformation, budget *int) {
	if len(trs) == 0 {
		bw.WriteString("  " + pt.paint(ansiDim, "No transformations.") + "\n")
		return
	}
	limit := min(MaxListedTransformations, *budget)
	for i, tr := range trs {
		if i == limit {
			lossy := 0
			for _, rest := range trs[i:] {
				if rest.Lossy {
					lossy++
				}
			}
			bw.WriteString("  … " + plural(len(trs)-i, "more transformation") + " (" + strconv.Itoa(lossy) + " lossy), listed in " + compile.ManifestFile + ".\n")
			return
		}
		*budget--
		flag := pt.paint(ansiDim, "safe")
		if tr.Lossy {
			flag = pt.paint(ansiYellow, "lossy")
		}
		bw.WriteString("  • [" + flag + "] " + clean(tr.Code) + " at " + clean(AbbreviatePath(tr.Path)) + "\n    " + clean(truncateText(tr.Detail)) + "\n")
	}
}

// CompileJSON writes SchemaPort's compile document plus our `refusals`:
// for each refused pair, the errors that refused it, with positions.
func CompileJSON(w io.Writer, p *compile.Plan, out string) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("{\n  \"command\": \"compile\",\n  \"schemaPortVersion\": " + jsonvalue.Quote(compile.SchemaPortVersion) + ",\n")
	bw.WriteString("  \"summary\": {\n    \"tools\": " + strconv.Itoa(len(p.Tools)) + ",\n    \"written\": " + strconv.Itoa(p.Written) + ",\n    \"refused\": " + strconv.Itoa(p.Refused) + "\n  },\n")
	bw.WriteString("  \"out\": " + jsonvalue.Quote(out) + ",\n")
	m, err := jsonvalue.Parse(p.Manifest)
	if err != nil {
		return err
	}
	bw.WriteString("  \"manifest\": " + jsonvalue.EncodeIndented(m, "  ", "  ") + ",\n")
	bw.WriteString("  \"refusals\": [")
	first := true
	for i, t := range p.Tools {
		for j, id := range p.Targets {
			r := &p.Results[i][j]
			if r.OK {
				continue
			}
			if !first {
				bw.WriteString(",")
			}
			first = false
			bw.WriteString("\n    {\n      \"tool\": " + jsonvalue.Quote(t.Name) + ",\n      \"target\": " + jsonvalue.Quote(id) + ",\n      \"blocking\": [")
			for k, d := range r.Blocking() {
				if k > 0 {
					bw.WriteString(",")
				}
				bw.WriteString("\n        {\n          \"code\": " + jsonvalue.Quote(d.Code) + ",\n          \"path\": " + jsonvalue.Quote(AbbreviatePath(d.Path)) +
					",\n          \"message\": " + jsonvalue.Quote(truncateText(d.Message)) + ",\n          \"file\": " + jsonvalue.Quote(d.File) +
					",\n          \"line\": " + strconv.Itoa(d.Line) + ",\n          \"column\": " + strconv.Itoa(d.Column) + "\n        }")
			}
			bw.WriteString("\n      ]\n    }")
		}
	}
	if !first {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}

// CompileCheckText reports `compile --check`: each compiled file that is
// out of date, with a line diff of what compiling would change.
func CompileCheckText(w io.Writer, ms []compile.Mismatch, out string, opts TextOptions) error {
	bw := bufio.NewWriter(w)
	pt := painter(opts.Color)
	if len(ms) == 0 {
		bw.WriteString(pt.paint(ansiGreen, markOK) + " " + clean(out) + " is up to date.\n")
		return bw.Flush()
	}
	for _, m := range ms {
		path := clean(out + "/" + m.Path)
		switch m.Kind {
		case "missing":
			bw.WriteString(pt.paint(ansiRed, markError) + " " + path + " is missing: compiling writes it.\n")
		case "stale":
			bw.WriteString(pt.paint(ansiRed, markError) + " " + path + " is stale: no tool compiles to it any more, so compiling removes it.\n")
		default:
			bw.WriteString(pt.paint(ansiRed, markError) + " " + path + " differs from what compiling writes (- on disk, + compiled):\n")
			for _, line := range strings.Split(m.Excerpt, "\n") {
				bw.WriteString("    " + clean(line) + "\n")
			}
		}
	}
	bw.WriteString("Result: " + plural(len(ms), "compiled file") + " out of date in " + clean(out) + ". Run `schemaport-action compile` with the same arguments and commit the result.\n")
	return bw.Flush()
}

// CompileCheckJSON reports `compile --check` as one document listing the
// out-of-date files.
func CompileCheckJSON(w io.Writer, ms []compile.Mismatch, out string) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("{\n  \"command\": \"compile\",\n  \"check\": true,\n  \"out\": " + jsonvalue.Quote(out) + ",\n  \"upToDate\": " + strconv.FormatBool(len(ms) == 0) + ",\n  \"files\": [")
	for i, m := range ms {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    {\n      \"path\": " + jsonvalue.Quote(m.Path) + ",\n      \"status\": " + jsonvalue.Quote(m.Kind) + "\n    }")
	}
	if len(ms) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}

// CompiledRuleID titles the annotation of an out-of-date compiled file.
const CompiledRuleID = "compile/out-of-date"

// compiledWhat says in words how a compiled file is out of date.
func compiledWhat(m compile.Mismatch) string {
	switch m.Kind {
	case "missing":
		return "is missing: compiling writes it"
	case "stale":
		return "is stale: no tool compiles to it any more, so compiling removes it"
	}
	return "differs from what compiling writes"
}

// CompiledAnnotations gives one error annotation per out-of-date compiled
// file, on that file (dir is its directory relative to the repository).
func CompiledAnnotations(ms []compile.Mismatch, dir, command string) []Annotation {
	out := make([]Annotation, 0, len(ms))
	for _, m := range ms {
		out = append(out, Annotation{Level: LevelError, Priority: PriorityBreaking, File: dir + "/" + m.Path, Title: CompiledRuleID,
			Message: "This compiled file " + compiledWhat(m) + ". Run `" + command + "` and commit the result."})
	}
	return out
}

// CompiledSummary is the job-summary section of the compiled-files check:
// each out-of-date file with its line diff (- on disk, + compiled), at
// most maxFiles of them (<= 0: all); the rest are counted.
func CompiledSummary(ms []compile.Mismatch, maxFiles int, dir, command string) string {
	var b strings.Builder
	b.WriteString("### Compiled files\n\n")
	if len(ms) == 0 {
		b.WriteString(markOK + " " + mdCode(dir) + " is up to date with the canonical tools.\n\n")
		return b.String()
	}
	b.WriteString(markError + " " + plural(len(ms), "compiled file") + " in " + mdCode(dir) + " out of date. Run " + mdCode(command) + " and commit the result.\n\n")
	shown := ms
	if maxFiles > 0 && len(ms) > maxFiles {
		shown = ms[:maxFiles]
	}
	for _, m := range shown {
		if m.Kind != "differs" {
			b.WriteString("- " + mdCode(dir+"/"+m.Path) + " " + mdText(compiledWhat(m)) + "\n")
			continue
		}
		lines := strings.Split(m.Excerpt, "\n")
		for i := range lines {
			lines[i] = clean(lines[i])
		}
		body := strings.Join(lines, "\n")
		fence := codeFence(body)
		b.WriteString("<details><summary>" + mdCode(dir+"/"+m.Path) + " " + mdText(compiledWhat(m)) + "</summary>\n\n" +
			fence + "diff\n" + body + "\n" + fence + "\n\n</details>\n")
	}
	if len(shown) < len(ms) {
		b.WriteString("\n… and " + plural(len(ms)-len(shown), "more file") + "; " + mdCode(command+" --check") + " lists them all.\n")
	}
	b.WriteString("\n")
	return b.String()
}
