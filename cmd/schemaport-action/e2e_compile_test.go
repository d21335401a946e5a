package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readmeWorkflowInputs reads the `with:` block of the README's workflow,
// so the test runs exactly what the README recommends.
func readmeWorkflowInputs(t *testing.T) map[string]string {
	t.Helper()
	lines := strings.Split(readme(t), "\n")
	inputs := map[string]string{}
	in := false
	for i, l := range lines {
		trimmed := strings.TrimSpace(l)
		if strings.HasPrefix(trimmed, "uses: schemaport/schemaport-action@") && i+1 < len(lines) && strings.TrimSpace(lines[i+1]) == "with:" {
			in = true
			continue
		}
		if !in || trimmed == "with:" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if strings.HasPrefix(trimmed, "- ") || trimmed == "" || trimmed == "```" {
			break
		}
		key, value, ok := strings.Cut(trimmed, ":")
		if !ok {
			t.Fatalf("README workflow line %q", l)
		}
		value, _, _ = strings.Cut(value, "#")
		if strings.Contains(value, "${{") {
			// An expression the runner evaluates (github-token): the
			// pull-request comment needs the network, which tests never
			// reach; the comment has tests of its own.
			continue
		}
		inputs[key] = strings.TrimSpace(value)
	}
	if inputs["fail-on"] != "lossy" || inputs["compiled-path"] == "" {
		t.Fatalf("the README's workflow is not the compiling one: %v", inputs)
	}
	return inputs
}

// compiledFiles compiles tools (path -> text, under tools/) with the built
// binary and returns every file of the output directory by repository
// path, as a team would commit them.
func compiledFiles(t *testing.T, tools map[string]string, out string) map[string]string {
	t.Helper()
	dir := writeFiles(t, tools)
	cmd := exec.Command(binary(t), "compile", "tools", "--out", out)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("compile: %v\n%s", err, b)
	}
	files := map[string]string{}
	for _, f := range listFiles(t, filepath.Join(dir, out)) {
		data, err := os.ReadFile(filepath.Join(dir, out, f))
		if err != nil {
			t.Fatal(err)
		}
		files[out+"/"+f] = string(data)
	}
	return files
}

// TestE2EREADMEWorkflowCompiling runs the README's recommended workflow
// on a pull request of a tool set written to the canonical rules, with
// its compiled files committed: it passes, the summary shows what compile
// fixes instead of failures; a pull request that edits a tool but not its
// compiled files fails on exactly those files.
func TestE2EREADMEWorkflowCompiling(t *testing.T) {
	t.Parallel()
	inputs := readmeWorkflowInputs(t)
	out := inputs["compiled-path"]
	base := refundV1(t)
	edit := func(old, new string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		out["tools/refund-order.json"] = strings.Replace(base["tools/refund-order.json"], old, new, 1)
		if out["tools/refund-order.json"] == base["tools/refund-order.json"] {
			t.Fatalf("edit %q did not apply", old)
		}
		return out
	}
	// A new optional property: OpenAI strict needs it required and
	// nullable, which compile does.
	added := edit(`"refundMethod": {`, `"note": {"type": "string", "description": "Shown to the customer"},
      "refundMethod": {`)
	edited := edit("Refunds all or part of an order", "Refunds all or part of an order, once")
	withCompiled := func(tools map[string]string) map[string]*string {
		all := map[string]*string{}
		for k, v := range tools {
			all[k] = &v
		}
		for k, v := range compiledFiles(t, tools, out) {
			all[k] = &v
		}
		return all
	}
	baseFiles := map[string]string{}
	for k, v := range withCompiled(base) {
		baseFiles[k] = *v
	}

	// The team recompiled: green.
	good := buildRepo(t, history{Base: baseFiles, Feature: withCompiled(added)})
	res := runAction(t, good.checkout(prRef), "pull_request", prPayload(good), inputs)
	res.wantCode(t, 0)
	res.wantOutputs(t, map[string]string{"result": "pass"})
	for _, want := range []string{"| ↻ compile fixes | OpenAI error | <code>openai/strict-optional-property</code>", "### Compiled files", "✓ <code>" + out + "</code> is up to date"} {
		if !strings.Contains(res.summary, want) {
			t.Errorf("summary lacks %q\n%s", want, res.dump())
		}
	}
	if n := len(res.find("error", "openai/strict-optional-property")); n != 0 {
		t.Errorf("a finding compile fixes is annotated as an error")
	}

	// The team forgot to recompile: red, on the compiled files.
	stale := withCompiled(base)
	for k, v := range edited {
		stale[k] = &v
	}
	bad := buildRepo(t, history{Base: baseFiles, Feature: stale})
	res = runAction(t, bad.checkout(prRef), "pull_request", prPayload(bad), inputs)
	res.wantCode(t, 1)
	res.wantOutputs(t, map[string]string{"result": "fail"})
	got := map[string]bool{}
	for _, a := range res.find("error", "compile/out-of-date") {
		got[a.Properties["file"]] = true
	}
	for _, target := range []string{"openai", "anthropic", "gemini", "mcp"} {
		if !got[out+"/"+target+"/refund-order.json"] {
			t.Errorf("no annotation on %s/%s/refund-order.json: %v\n%s", out, target, got, res.dump())
		}
	}
	if len(got) != 4 {
		t.Errorf("annotations on %v, want the four refund-order files", got)
	}
	for _, want := range []string{
		"✗ 4 compiled files in <code>" + out + "</code> out of date. Run <code>schemaport-action compile tools --out " + out + "</code> and commit the result.",
		"-   \"description\": \"Refunds all or part of an order\",\n+   \"description\": \"Refunds all or part of an order, once\",",
	} {
		if !strings.Contains(res.summary, want) {
			t.Errorf("summary lacks %q\n%s", want, res.summary)
		}
	}
	if !strings.Contains(res.stdout, "4 compiled files in `"+out+"` out of date with the tools (compiled-path)") {
		t.Errorf("the log does not give the reason:\n%s", res.stdout)
	}
}
