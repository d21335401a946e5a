package report

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/finding"
)

// encodeSARIFResult is what appendSARIFResult must equal: encoding/json
// indenting r at prefix p, HTML not escaped, without the newline.
func encodeSARIFResult(t testing.TB, r *sarifResult, p string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(p, "  ")
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// sarifTestStrings have every kind of byte the two encoders could treat
// differently: escapes, DEL, HTML characters, U+2028/U+2029 (which
// encoding/json escapes and JSON.stringify does not), invalid UTF-8.
var sarifTestStrings = []string{
	"", "plain", "openai/strict-optional-property", `a "quoted" \ back\slash`, "line\nfeed\r\ttab\b\f",
	"\x00\x01\x1f\x7f", "<html> & </html>", "sep \u2028 and \u2029 end", "\u2028", "bad \xff utf8 \xe2\x80",
	"ünïcødé ✓ 🚀", "%SRCROOT%", "team-00/area-0/tools-00000.json", "inputSchema.$defs.Address.properties.street",
}

// randomSARIFResult fills every field, optional or not, from rng: nil,
// empty and set slices, maps and pointers, zero and non-zero numbers.
func randomSARIFResult(rng *rand.Rand) sarifResult {
	s := func() string { return sarifTestStrings[rng.IntN(len(sarifTestStrings))] }
	n := func() int { return []int{0, 1, 7, 1234567, -1}[rng.IntN(5)] }
	r := sarifResult{RuleID: s(), RuleIndex: n(), Level: s(), Message: sarifText{Text: s()}, BaselineState: s()}
	switch rng.IntN(4) {
	case 0:
	case 1:
		r.Locations = []sarifLocation{}
	default:
		for range 1 + rng.IntN(2) {
			l := sarifLocation{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: sarifArtifactLocation{URI: s(), URIBaseID: s()}}}
			if rng.IntN(3) > 0 {
				l.PhysicalLocation.Region = &sarifRegion{StartLine: n(), StartColumn: n(), EndLine: n(), EndColumn: n()}
			}
			switch rng.IntN(3) {
			case 1:
				l.LogicalLocations = []sarifLogicalLocation{}
			case 2:
				for range 1 + rng.IntN(2) {
					l.LogicalLocations = append(l.LogicalLocations, sarifLogicalLocation{Name: s(), FullyQualifiedName: s(), Kind: s()})
				}
			}
			r.Locations = append(r.Locations, l)
		}
	}
	switch rng.IntN(4) {
	case 1:
		r.PartialFingerprints = map[string]string{}
	case 2:
		r.PartialFingerprints = map[string]string{FingerprintKey: s()}
	case 3:
		r.PartialFingerprints = map[string]string{s(): s(), s() + "x": s(), "a" + s(): s()}
	}
	switch rng.IntN(3) {
	case 1:
		r.Suppressions = []sarifSuppression{}
	case 2:
		for range 1 + rng.IntN(2) {
			r.Suppressions = append(r.Suppressions, sarifSuppression{Kind: s(), Justification: s()})
		}
	}
	if rng.IntN(3) > 0 {
		r.Properties = &sarifResultProperties{ToolName: s(), Target: s(), SchemaPath: s(), Classification: s(), State: s()}
	}
	return r
}

func TestAppendSARIFResultMatchesEncoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 5000 {
		r := randomSARIFResult(rng)
		p := []string{"", "        ", "\t"}[i%3]
		if got, want := string(appendSARIFResult([]byte("x"), &r, p)[1:]), encodeSARIFResult(t, &r, p); got != want {
			t.Fatalf("result %d differs from encoding/json:\n%s\n--- want\n%s", i, got, want)
		}
	}
}

func FuzzAppendGoString(f *testing.F) {
	for _, s := range sarifTestStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
		if got := appendGoString(nil, s); string(got) != string(want) {
			t.Fatalf("appendGoString(%q) = %s, want %s", s, got, want)
		}
	})
}

// appendPolicyFinding is byte for byte encoding/json's indented encoding
// of a report finding, every optional field left out or set.
func TestAppendPolicyFindingMatchesEncoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := func() string { return sarifTestStrings[rng.IntN(len(sarifTestStrings))] }
	n := func() int { return []int{0, 1, 42, 1234567, -1}[rng.IntN(5)] }
	for i := range 3000 {
		f := jsonFinding{Kind: s(), Code: s(), Level: s(), DefaultLevel: s(), Classification: s(), State: s(), Fails: rng.IntN(2) == 0,
			Tool: s(), Target: s(), Path: s(), Location: finding.Location{File: s(), Line: n(), Column: n(), EndLine: n(), EndColumn: n()},
			Message: s(), Fingerprint: s(), Reason: s(), AcceptedBy: s(), AcceptedUntil: s()}
		if rng.IntN(2) == 0 {
			f.BaseLocation = &finding.Location{File: s(), Line: n(), Column: n(), EndLine: n(), EndColumn: n()}
		}
		p := []string{"", "    ", "\t"}[i%3]
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent(p, "  ")
		if err := enc.Encode(f); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSuffix(b.String(), "\n")
		if got := string(appendPolicyFinding(nil, &f, p)); got != want {
			t.Fatalf("finding %d differs from encoding/json:\n%s\n--- want\n%s", i, got, want)
		}
	}
}
