package workers

import (
	"sync/atomic"
	"testing"
)

func TestRunWaitsForAll(t *testing.T) {
	var n atomic.Int64
	Run(4, func() { n.Add(1) })
	if n.Load() != 4 {
		t.Fatalf("%d of 4 ran", n.Load())
	}
}

// A worker's panic reaches the caller, after the other workers are done.
func TestRunRaisesAWorkersPanic(t *testing.T) {
	var done atomic.Int64
	var which atomic.Int64
	defer func() {
		if p := recover(); p != "boom" {
			t.Fatalf("recovered %v, want boom", p)
		}
		if done.Load() != 3 {
			t.Errorf("%d of the 3 other workers were done when the panic was raised", done.Load())
		}
	}()
	Run(4, func() {
		if which.Add(1) == 2 {
			panic("boom")
		}
		done.Add(1)
	})
	t.Fatal("no panic")
}
