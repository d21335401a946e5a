package actionrun

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/report"
	"github.com/schemaport/schemaport-action/internal/version"
)

// The streamed JSON report is byte for byte the document the former
// writer built in memory (kept below as the reference), on multi-tool
// files with findings of every kind: check diagnostics, diff changes
// against an edited base, input errors on both sides; and the SARIF file
// and the log are the same whichever writer runs.
func TestStreamedRunReportMatchesWholeDocument(t *testing.T) {
	dir := positionFixtures(t)
	os.MkdirAll(filepath.Join(dir, "head"), 0o755)
	os.MkdirAll(filepath.Join(dir, "base"), 0o755)
	for from, to := range map[string]string{
		"pretty.json": "head/tools.json", "broken-minified.json": "head/broken.json",
		"pretty-edited.json": "base/tools.json", "dup-minified.json": "base/broken.json",
	} {
		data, err := os.ReadFile(filepath.Join(dir, from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outputs := func(label string) (string, string, string) {
		args := []string{"--path", "head", "--base-path", "base", "--fail-on", "never",
			"--report-file", label + ".json", "--sarif-file", label + ".sarif", "--summary-file", label + ".md"}
		_, stdout, _ := runIn(t, dir, args...)
		rep, err := os.ReadFile(filepath.Join(dir, label+".json"))
		if err != nil {
			t.Fatal(err)
		}
		sarif, err := os.ReadFile(filepath.Join(dir, label+".sarif"))
		if err != nil {
			t.Fatal(err)
		}
		return string(rep), string(sarif), stdout
	}
	streamedReport, streamedSARIF, streamedLog := outputs("streamed")
	defer func(w func(*actionRun, io.Writer, outcome, []string) error) { jsonReportWriter = w }(jsonReportWriter)
	jsonReportWriter = wholeJSONReport
	wholeReport, wholeSARIF, wholeLog := outputs("whole")
	if streamedReport != wholeReport {
		t.Errorf("the streamed report differs from the whole document (%d bytes, want %d) from byte %d",
			len(streamedReport), len(wholeReport), firstDifference(streamedReport, wholeReport))
	}
	if streamedSARIF != wholeSARIF {
		t.Error("the SARIF files differ")
	}
	if strings.ReplaceAll(streamedLog, "streamed", "whole") != wholeLog {
		t.Error("the logs differ")
	}
	for _, part := range []string{`"inputErrors": {`, `"baseInputErrors": {`, `"check": {`, `"diff": {`, `"kind": "diff"`, `"kind": "load"`} {
		if !strings.Contains(streamedReport, part) {
			t.Errorf("the fixture does not exercise %s", part)
		}
	}
}

// wholeJSONReport is the JSON report writer before it streamed: every
// part rendered into memory and re-indented with json.Indent.
func wholeJSONReport(r *actionRun, w io.Writer, o outcome, problems []string) error {
	var b bytes.Buffer
	b.WriteString("{\n")
	field := func(name, raw string, last bool) {
		b.WriteString("  " + jsonvalue.Quote(name) + ": " + raw)
		if !last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	str := func(s string) string {
		if s == "" {
			return "null"
		}
		return jsonvalue.Quote(s)
	}
	field("command", `"run"`, false)
	field("schemaPortVersion", jsonvalue.Quote(version.Version), false)
	exit := o.exit
	if len(problems) > 0 {
		exit = 2
	}
	field("result", jsonvalue.Quote(resultWord(exit)), false)
	field("exitCode", strconv.Itoa(exit), false)
	field("baseSha", str(r.baseSHA), false)
	field("baseFrom", str(r.baseFrom), false)
	field("headSha", str(r.headSHA), false)
	field("breakingApproved", strconv.FormatBool(o.approved), false)
	pol, err := report.PolicyJSON(o.policy, r.paths)
	if err != nil {
		return err
	}
	field("verdict", pol.Verdict, false)
	field("findings", pol.Findings, false)
	notes := "[]"
	if len(r.notes) > 0 {
		q := make([]string, len(r.notes))
		for i, n := range r.notes {
			q[i] = jsonvalue.Quote(n)
		}
		notes = "[" + strings.Join(q, ", ") + "]"
	}
	field("notes", notes, false)
	field("problems", stringArray(problems), false)
	costJSON, err := r.costJSON()
	if err != nil {
		return err
	}
	field("cost", costJSON, false)
	doc := func(write func(io.Writer) error) (string, error) {
		var d bytes.Buffer
		if err := write(&d); err != nil {
			return "", err
		}
		var ind bytes.Buffer
		if err := json.Indent(&ind, bytes.TrimSpace(d.Bytes()), "  ", "  "); err != nil {
			return "", err
		}
		return ind.String(), nil
	}
	parts := []struct {
		name string
		on   bool
		w    func(io.Writer) error
	}{
		{"inputErrors", len(o.head.Errors) > 0, func(w io.Writer) error { return report.LoadErrorsJSON(w, "run", o.head.Errors) }},
		{"baseInputErrors", len(o.base.Errors) > 0, func(w io.Writer) error { return report.LoadErrorsJSON(w, "run", o.base.Errors) }},
		{"check", o.check != nil, func(w io.Writer) error { return report.CheckJSON(w, o.check, report.Omitted{}) }},
		{"diff", o.diff != nil, func(w io.Writer) error { return report.DiffJSON(w, o.diff, report.Omitted{}) }},
		{"compiled", o.compiled != nil, func(w io.Writer) error { return o.compiled.json(w) }},
	}
	for i, p := range parts {
		raw := "null"
		if p.on {
			d, err := doc(p.w)
			if err != nil {
				return err
			}
			raw = d
		}
		field(p.name, raw, i == len(parts)-1)
	}
	b.WriteString("}\n")
	_, err = w.Write(b.Bytes())
	return err
}
