package report

import (
	"bytes"
	"os"
	"testing"
)

// The streamed document is byte-for-byte the one CheckJSON writes.
func TestCheckJSONWriterMatchesCheckJSON(t *testing.T) {
	res := checkFixture(t)
	var want bytes.Buffer
	if err := CheckJSON(&want, res); err != nil {
		t.Fatal(err)
	}
	spool, err := os.CreateTemp(t.TempDir(), "spool")
	if err != nil {
		t.Fatal(err)
	}
	defer spool.Close()
	w := NewCheckJSONWriter(spool)
	for i := range res.Tools {
		if err := w.Add(&res.Tools[i]); err != nil {
			t.Fatal(err)
		}
	}
	var got bytes.Buffer
	if err := w.Finish(&got); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("streamed document differs:\n%s\n---\n%s", got.String(), want.String())
	}
	tools, total := w.Summary()
	if tools != len(res.Tools) || total.Error != res.Errors || total.Warning != res.Warnings || total.Info != res.Infos {
		t.Errorf("summary %d %+v, result %d/%d/%d", tools, total, res.Errors, res.Warnings, res.Infos)
	}

	empty, err := os.CreateTemp(t.TempDir(), "spool")
	if err != nil {
		t.Fatal(err)
	}
	defer empty.Close()
	want.Reset()
	got.Reset()
	if err := CheckJSON(&want, nil); err != nil {
		t.Fatal(err)
	}
	if err := NewCheckJSONWriter(empty).Finish(&got); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("empty documents differ:\n%s\n---\n%s", got.String(), want.String())
	}
}
