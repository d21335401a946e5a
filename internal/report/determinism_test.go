package report

import (
	"bytes"
	"testing"
)

// Every renderer, given the same input twice, writes the same bytes.
func TestEveryFormatIsDeterministic(t *testing.T) {
	renderers := map[string]func(*bytes.Buffer) error{
		"check text": func(b *bytes.Buffer) error { return CheckText(b, checkFixture(t), TextOptions{Color: true}) },
		"check json": func(b *bytes.Buffer) error { return CheckJSON(b, checkFixture(t), Omitted{}) },
		"diff text":  func(b *bytes.Buffer) error { return DiffText(b, diffFixture(t), TextOptions{Color: true}) },
		"diff json":  func(b *bytes.Buffer) error { return DiffJSON(b, diffFixture(t), Omitted{}) },
		"load text":  func(b *bytes.Buffer) error { return LoadErrorsText(b, loadErrorsFixture()) },
		"load json":  func(b *bytes.Buffer) error { return LoadErrorsJSON(b, "diff", loadErrorsFixture()) },
		"sarif":      func(b *bytes.Buffer) error { return SARIF(b, fullSARIFInput(t)) },
		"summary":    func(b *bytes.Buffer) error { return Summary(b, withPolicy(fullSummaryInput(t))) },
		"annotations": func(b *bytes.Buffer) error {
			pol := policyOf(checkFixture(t), diffFixture(t), loadErrorsFixture(), false)
			return Annotations(b, PolicyAnnotations(pol, nil), MaxAnnotationsPerLevel)
		},
	}
	for name, r := range renderers {
		first := render(t, r)
		for range 3 {
			if again := render(t, r); !bytes.Equal(first, again) {
				t.Errorf("%s: renders differ", name)
				break
			}
		}
	}
}
