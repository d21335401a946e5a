package action

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const (
	shaBase   = "1111111111111111111111111111111111111111"
	shaHead   = "2222222222222222222222222222222222222222"
	shaParent = "3333333333333333333333333333333333333333"
	shaBefore = "4444444444444444444444444444444444444444"
)

func eventFrom(t *testing.T, name, payload string) *Event {
	t.Helper()
	path := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(path, []byte(payload), 0o644); err != nil {
		t.Fatal(err)
	}
	ev, err := LoadEvent(envOf(map[string]string{
		"GITHUB_EVENT_NAME": name, "GITHUB_EVENT_PATH": path, "GITHUB_SHA": shaHead,
		"GITHUB_REPOSITORY": "o/r", "GITHUB_WORKSPACE": "/github/workspace", "GITHUB_RUN_ID": "not-a-number",
	}))
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

const prPayload = `{"pull_request":{"number":7,"base":{"sha":"` + shaBase + `","ref":"main"},
  "head":{"sha":"` + shaHead + `"},"labels":[{"name":"bug"},{"name":"Breaking-Change-Approved"}]}}`

func mergeOf(first, second string) HeadParents {
	return func() (string, string, bool, error) { return first, second, true, nil }
}

func notMerge() (string, string, bool, error) { return "", "", false, nil }

func TestLoadEvent(t *testing.T) {
	ev := eventFrom(t, "pull_request", prPayload)
	if ev.Name != "pull_request" || ev.SHA != shaHead || ev.Repository != "o/r" || ev.Workspace != "/github/workspace" {
		t.Fatalf("event = %+v", ev)
	}
	if !reflect.DeepEqual(ev.Labels(), []string{"bug", "Breaking-Change-Approved"}) {
		t.Fatalf("labels = %q", ev.Labels())
	}
	if ev.PRNumber() != "7" || eventFrom(t, "push", `{"number": 1.5}`).PRNumber() != "" {
		t.Fatalf("PRNumber = %q", ev.PRNumber())
	}
	if !HasLabel(ev.Labels(), "breaking-change-approved") || HasLabel(ev.Labels(), "") || HasLabel(ev.Labels(), "breaking") {
		t.Fatal("HasLabel")
	}
}

func TestLoadEventErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "event.json")
	os.WriteFile(path, []byte("{not json"), 0o644)
	if _, err := LoadEvent(envOf(map[string]string{"GITHUB_EVENT_NAME": "push", "GITHUB_EVENT_PATH": path})); err == nil {
		t.Fatal("a broken payload was accepted")
	}
	// No payload file at all (a local run): an empty event.
	ev, err := LoadEvent(envOf(nil))
	if err != nil || ev.Name != "" || len(ev.Labels()) != 0 {
		t.Fatalf("local event = %+v, %v", ev, err)
	}
	// A payload file named but not there (the workflow directory not
	// mounted): a pull request gate would lose its diff without a word.
	missing := filepath.Join(t.TempDir(), "event.json")
	_, err = LoadEvent(envOf(map[string]string{"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": missing}))
	if err == nil || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("a missing payload file: %v", err)
	}
	// No payload on an event that needs one: the notice says so.
	ev, err = LoadEvent(envOf(map[string]string{"GITHUB_EVENT_NAME": "pull_request"}))
	if err != nil {
		t.Fatal(err)
	}
	if b := ResolveBase(ev, "", nil); b.Rev != "" || !strings.Contains(b.NoDiff, "GITHUB_EVENT_PATH") {
		t.Fatalf("no payload: %+v", b)
	}
}

func TestResolveBase(t *testing.T) {
	for _, tc := range []struct {
		name, event, payload, input string
		parents                     HeadParents
		want                        Base
	}{
		{"input wins", "pull_request", prPayload, "origin/main", mergeOf(shaParent, shaHead),
			Base{Rev: "origin/main", From: "the `base` input"}},
		{"merge commit's first parent", "pull_request", prPayload, "", mergeOf(shaParent, shaHead),
			Base{Rev: shaParent, From: "the first parent of the checked-out merge commit"}},
		{"pull_request_target too", "pull_request_target", prPayload, "", mergeOf(shaParent, shaHead),
			Base{Rev: shaParent, From: "the first parent of the checked-out merge commit"}},
		{"head checked out: base.sha", "pull_request", prPayload, "", notMerge,
			Base{Rev: shaBase, From: "pull_request.base.sha", ForkPoint: true}},
		{"head is itself a merge of main: base.sha", "pull_request", prPayload, "", mergeOf(shaParent, shaBefore),
			Base{Rev: shaBase, From: "pull_request.base.sha", ForkPoint: true}},
		{"no git: base.sha", "pull_request", prPayload, "", func() (string, string, bool, error) { return "", "", false, errors.New("no repo") },
			Base{Rev: shaBase, From: "pull_request.base.sha", ForkPoint: true}},
		{"merge group", "merge_group", `{"merge_group":{"base_sha":"` + shaBase + `","head_sha":"` + shaHead + `"}}`, "", notMerge,
			Base{Rev: shaBase, From: "merge_group.base_sha"}},
		{"push", "push", `{"before":"` + shaBefore + `","after":"` + shaHead + `"}`, "", notMerge,
			Base{Rev: shaBefore, From: "the push's `before` commit"}},
		{"forced push", "push", `{"before":"` + shaBefore + `","after":"` + shaHead + `","forced":true}`, "", notMerge,
			Base{Rev: shaBefore, From: "the push's `before` commit", Forced: true}},
		{"workflow_dispatch with base", "workflow_dispatch", `{}`, shaBase, nil,
			Base{Rev: shaBase, From: "the `base` input"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ResolveBase(eventFrom(t, tc.event, tc.payload), tc.input, tc.parents)
			if got != tc.want {
				t.Fatalf("ResolveBase = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestResolveBaseNoDiff(t *testing.T) {
	for _, tc := range []struct{ name, event, payload, want string }{
		{"new branch", "push", `{"before":"0000000000000000000000000000000000000000","created":true}`, "first push of a new branch"},
		{"new tag", "push", `{"ref":"refs/tags/v1.0.0","before":"0000000000000000000000000000000000000000","created":true}`, "created a tag"},
		{"push without before", "push", `{}`, "no `before` commit"},
		{"dispatch", "workflow_dispatch", `{}`, "set the `base` input"},
		{"schedule", "schedule", `{}`, "the schedule event has no base revision"},
		{"merge group without base", "merge_group", `{"merge_group":{}}`, "no base_sha"},
		{"pr without base", "pull_request", `{"pull_request":{}}`, "no base commit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ResolveBase(eventFrom(t, tc.event, tc.payload), "", notMerge)
			if got.Rev != "" || !strings.Contains(got.NoDiff, tc.want) {
				t.Fatalf("ResolveBase = %+v, want no diff because %q", got, tc.want)
			}
		})
	}
	if got := ResolveBase(&Event{}, "", nil); got.Rev != "" || !strings.Contains(got.NoDiff, "--base-path") {
		t.Fatalf("local run without base: %+v", got)
	}
}
