package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// One broken file does not hide the others (#9): check and diff report the
// load errors first, check and diff every tool that loaded, leave the
// broken file's tools out of the diff on both sides, and still exit 2.

const brokenTool = "{\n  \"name\": \"x_tool\",\n  \"inputSchema\": {\"type\": \"object\",}\n}\n"

func partialFiles(t *testing.T) string {
	xTool := `{"name": "x_tool", "description": "X", "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}}`
	return writeFiles(t, map[string]string{
		"old/refund-order.json":  readTestdata(t, "refund-order/v1/refund-order.json"),
		"old/search-orders.json": readTestdata(t, "refund-order/v1/search-orders.json"),
		"old/x.json":             xTool,
		"new/refund-order.json":  readTestdata(t, "refund-order/v2/refund-order.json"),
		"new/search-orders.json": readTestdata(t, "refund-order/v2/search-orders.json"),
		"new/x.json":             brokenTool,
	})
}

func TestCheckReportsLoadErrorsAndChecksTheRest(t *testing.T) {
	// Compile the SARIF schema while the working directory is the package.
	validateSARIF(t, []byte(`{"version": "2.1.0", "runs": []}`))
	dir := partialFiles(t)
	code, stdout, stderr := runCLI(t, dir, "check", "new")
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if !strings.HasPrefix(stderr, "✗ new/x.json:3:35: ") || !strings.HasSuffix(stderr, "Result: 1 input error\n") {
		t.Errorf("stderr: %q", stderr)
	}
	if !strings.HasPrefix(stdout, "Tool: refund_order\n") || !strings.Contains(stdout, "Tool: search_orders\n") {
		t.Errorf("the tools that loaded were not checked:\n%s", stdout)
	}

	code, stdout, _ = runCLI(t, dir, "check", "new", "--format", "json")
	var doc struct {
		Command string
		Errors  []struct{ File string }
		Summary struct{ Tools int }
		Tools   []struct{ Name string }
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || code != 2 {
		t.Fatalf("exit %d, %v\n%s", code, err, stdout)
	}
	if doc.Command != "check" || len(doc.Errors) != 1 || doc.Errors[0].File != "new/x.json" || doc.Summary.Tools != 2 || len(doc.Tools) != 2 {
		t.Errorf("doc %+v", doc)
	}
	if i, j := strings.Index(stdout, `"errors"`), strings.Index(stdout, `"tools"`); i < 0 || i > j {
		t.Errorf("errors do not come first:\n%s", stdout[:min(len(stdout), 400)])
	}

	code, stdout, _ = runCLI(t, dir, "check", "new", "--format", "sarif")
	if code != 2 {
		t.Fatalf("sarif exit %d", code)
	}
	results := sarifResults(t, validateSARIF(t, []byte(stdout)), "schemaport/")
	load, checked := 0, 0
	for _, r := range results {
		if r[0] == "load/input-error" {
			load++
		} else {
			checked++
		}
	}
	if load != 1 || checked == 0 {
		t.Errorf("SARIF: %d load errors, %d check results", load, checked)
	}
}

func TestDiffLeavesBrokenFilesOutOnBothSides(t *testing.T) {
	dir := partialFiles(t)
	code, stdout, stderr := runCLI(t, dir, "diff", "old", "new")
	if code != 2 {
		t.Fatalf("exit %d, want 2\n%s%s", code, stdout, stderr)
	}
	if !strings.HasPrefix(stderr, "✗ new/x.json:") {
		t.Errorf("stderr: %q", stderr)
	}
	// x_tool is in a file that does not load in new: not "removed".
	if strings.Contains(stdout, "tool-removed") || !strings.Contains(stdout, "required-property-added") {
		t.Errorf("diff:\n%s", stdout)
	}
	if !strings.HasSuffix(stdout, "\nLeft out of the diff on both sides (did not load): new/x.json\n") {
		t.Errorf("the diff does not say what was left out:\n%s", stdout)
	}

	code, stdout, _ = runCLI(t, dir, "diff", "old", "new", "--format", "json")
	var doc struct {
		Errors  []struct{ File string }
		LeftOut []string
		Summary struct{ Breaking int }
		Changes []struct{ Code string }
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || code != 2 {
		t.Fatalf("exit %d, %v\n%s", code, err, stdout)
	}
	if len(doc.Errors) != 1 || len(doc.LeftOut) != 1 || doc.LeftOut[0] != "new/x.json" || doc.Summary.Breaking != 2 {
		t.Errorf("doc %+v", doc)
	}
}
