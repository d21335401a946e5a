package provider

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"
	"weak"
)

// Strings from an arena never change, however much is allocated after
// them: chunks are only appended to.
func TestArenaStringsStayPut(t *testing.T) {
	var a textArena
	var got, want []string
	for i := 0; i < 5000; i++ {
		part := strings.Repeat(string(rune('a'+i%26)), i%97)
		if i%1000 == 0 {
			part = strings.Repeat("z", arenaMaxPiece+1) // its own allocation
		}
		got = append(got, a.concat("#", strconv.Itoa(i), ":", part))
		want = append(want, "#"+strconv.Itoa(i)+":"+part)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("string %d changed: %q", i, got[i])
		}
	}
	var none *textArena // a cursor without an Emitter
	if s := none.concat("a", "b"); s != "ab" {
		t.Errorf("nil arena: %q", s)
	}
}

// An Interner gives build's text for every key, from any number of
// goroutines, and stops remembering at its cap.
func TestInterner(t *testing.T) {
	in := NewInterner(func(k int) string { return "text " + strconv.Itoa(k) })
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 3*internerCap; k++ {
				if s := in.Get(k % (2 * internerCap)); s != "text "+strconv.Itoa(k%(2*internerCap)) {
					t.Errorf("Get(%d) = %q", k, s)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := len(*in.table.Load()); n != internerCap || !in.full() {
		t.Errorf("table holds %d keys, want %d", n, internerCap)
	}
	p := NewPhrase(func(kw string) string { return "`" + kw + "` is dropped." })
	long := strings.Repeat("k", maxInternedArg+1)
	if p.For("minimum") != "`minimum` is dropped." || p.For(long) != "`"+long+"` is dropped." {
		t.Error("phrase text")
	}
	if _, kept := p.in.lookup(long); kept {
		t.Error("a long argument must not be interned")
	}
}

// New lists are exact unless a Recycler is active; recycled lists serve
// later requests of their class.
func TestDiagnosticLists(t *testing.T) {
	runtime.GC()
	runtime.GC() // empties the pools (and their victim caches)
	for _, n := range []int{1, 2, 3, 4, 5, 63, 64, 65, 1000} {
		if ds := diagnostics(n); len(ds) != n || cap(ds) != n {
			t.Fatalf("diagnostics(%d): len %d cap %d, want exact", n, len(ds), cap(ds))
		}
	}
	done := Recycler()
	for _, n := range []int{1, 2, 3, 4, 5, 63, 64, 65, 1000} {
		ds := diagnostics(n)
		if len(ds) != n || cap(ds) < n {
			t.Fatalf("diagnostics(%d): len %d cap %d", n, len(ds), cap(ds))
		}
		Recycle(ds)
		again := diagnostics(n)
		if len(again) != n || cap(again) < n {
			t.Fatalf("after Recycle, diagnostics(%d): len %d cap %d", n, len(again), cap(again))
		}
	}
	done()
	done() // once only
	if recyclers.Load() != 0 {
		t.Error("Recycler not done")
	}
}

// Every key kept is found again, published or still waiting to be, and
// built once: a key's string is the same string on every call.
func TestInternerKeepsEveryKey(t *testing.T) {
	builds := map[int]int{}
	in := NewInterner(func(k int) string { builds[k]++; return "text " + strconv.Itoa(k) })
	first := map[int]string{}
	for k := 0; k < internerCap; k++ {
		first[k] = in.Get(k)
		for j := 0; j <= k; j += 1 + k/7 { // earlier keys, some unpublished
			if s, ok := in.lookup(j); !ok || unsafe.StringData(s) != unsafe.StringData(first[j]) {
				t.Fatalf("after %d keys, lookup(%d) = %q, %v", k+1, j, s, ok)
			}
			if s := in.Get(j); unsafe.StringData(s) != unsafe.StringData(first[j]) {
				t.Fatalf("after %d keys, Get(%d) built again", k+1, j)
			}
		}
	}
	for k, n := range builds {
		if n != 1 {
			t.Fatalf("key %d built %d times", k, n)
		}
	}
	if !in.full() || len(*in.table.Load()) != internerCap {
		t.Fatalf("full %v, %d published", in.full(), len(*in.table.Load()))
	}
}

// A phrase keeps its own copies of the arguments it remembers, and of the
// texts built from them: an argument is often a view of a tool file's
// text (a property name), which must not stay in memory with it.
func TestPhraseKeepsNoViewOfItsArgument(t *testing.T) {
	p := NewPhrase(func(arg string) string { return arg }) // the text is the argument itself
	file := weakFile(t, func(name string) {
		if got := p.For(name); got != "amount" {
			t.Fatalf("For = %q", got)
		}
	})
	runtime.GC()
	runtime.GC()
	if file.Value() != nil {
		t.Fatal("the phrase holds the file its argument came from")
	}
	if got := p.For("amount"); got != "amount" {
		t.Fatalf("For = %q after the file went", got)
	}
}

// weakFile reads a property name as a view of a file's text, gives it to
// use, and returns a weak pointer to the text.
func weakFile(t *testing.T, use func(name string)) weak.Pointer[byte] {
	t.Helper()
	data := []byte(`{"amount": 1}` + strings.Repeat(" ", 4096))
	use(unsafe.String(&data[2], len("amount")))
	return weak.Make(&data[0])
}
