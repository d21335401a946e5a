// Package workers runs a function on several goroutines and waits for
// them. A panic on one is raised again on the caller's goroutine, where
// the command's guard turns it into an error message: on a goroutine of
// its own it would end the process with a stack trace.
package workers

import (
	"sync"
	"sync/atomic"
)

// Run starts n goroutines running body and waits for them all. The first
// panic of any is raised again here once every goroutine has returned
// (the others run to their end: a pool's loop stops when its work is
// claimed).
func Run(n int, body func()) {
	var wg sync.WaitGroup
	var first atomic.Pointer[Panic]
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer Catch(func(p *Panic) { first.CompareAndSwap(nil, p) })
			body()
		}()
	}
	wg.Wait()
	if p := first.Load(); p != nil {
		panic(p.Value)
	}
}

// Panic is a recovered panic's value.
type Panic struct{ Value any }

// Catch, deferred, recovers a panic and hands it to keep.
func Catch(keep func(*Panic)) {
	if v := recover(); v != nil {
		keep(&Panic{Value: v})
	}
}
