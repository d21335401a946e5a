package provider

import (
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// A check of the 10,000-tool benchmark corpus produces 1.6 million
// findings, each with a path, a message and a compile detail. Built one
// string at a time they were most of the check's allocations and kept the
// garbage collector busy marking the loaded tools over and over. Two things
// keep that cost down:
//
//   - text that depends on the occurrence (paths, messages naming a
//     property) is copied into large shared chunks instead of a small
//     allocation each (textArena);
//   - text that depends only on a keyword or a rule (most messages and
//     compile details) is built once and shared (Interner).
//
// Neither changes a single byte of any finding.

// textArena hands out immutable strings carved from large byte chunks. A
// chunk is only ever appended to: bytes that back a returned string are
// never written again, so the strings are as immutable as any other (a
// chunk lives as long as one of its strings does). Arenas travel with
// pooled Emitters, so consecutive tools fill the same chunk and little is
// left unused.
type textArena struct {
	chunk []byte // len: bytes handed out; cap: the chunk's size
}

const (
	arenaChunk    = 32 << 10
	arenaMaxPiece = 1 << 10 // longer strings get their own allocation
)

// alloc returns n bytes the caller fills before calling str on them.
func (a *textArena) alloc(n int) []byte {
	if a == nil || n > arenaMaxPiece {
		return make([]byte, n)
	}
	if cap(a.chunk)-len(a.chunk) < n {
		a.chunk = make([]byte, 0, arenaChunk)
	}
	start := len(a.chunk)
	a.chunk = a.chunk[:start+n]
	return a.chunk[start : start+n : start+n]
}

// str views filled arena bytes as a string; they must not change again.
func str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// concat joins parts into one arena string.
func (a *textArena) concat(parts ...string) string {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	b := a.alloc(n)[:0]
	for _, p := range parts {
		b = append(b, p...)
	}
	return str(b)
}

// Interner shares strings built from a comparable key (a keyword, a rule
// and its argument) across findings, tools and goroutines. Lookups of the
// published table take no lock. It remembers at most its first
// internerCap keys: the keys come from tool files, and an adversarial file
// must not grow it without bound. Past that, strings are built per call;
// either way the text is the same.
//
// New keys wait in a locked side table and are published together, in a
// new table, once there are as many of them as a quarter of the published
// ones, or once lookups have missed the published table that often
// (sync.Map's rule): a table copied for every new key cost a copy of up
// to internerCap entries per key while the tables filled.
type Interner[K comparable] struct {
	build  func(K) string
	mu     sync.Mutex
	table  atomic.Pointer[map[K]string] // replaced, never modified, once published
	recent map[K]string                 // under mu: keys not published yet
	misses int                          // under mu: lookups that needed the lock
	count  atomic.Int32                 // keys kept, published or not
}

const internerCap = 512

// NewInterner returns an Interner whose strings come from build, which
// must depend on its key alone.
func NewInterner[K comparable](build func(K) string) *Interner[K] {
	return &Interner[K]{build: build}
}

// lookup returns the interned string for k, if there is one.
func (in *Interner[K]) lookup(k K) (string, bool) {
	if t := in.table.Load(); t != nil {
		if s, ok := (*t)[k]; ok {
			return s, true
		}
	}
	if n := in.count.Load(); n == 0 || n >= internerCap {
		return "", false // nothing kept, or everything published
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	s, ok := in.recent[k]
	if ok {
		in.missed()
	}
	return s, ok
}

// full reports whether the table has stopped taking keys.
func (in *Interner[K]) full() bool {
	return in.count.Load() >= internerCap
}

// Get returns build(k), built at most once while the table has room.
func (in *Interner[K]) Get(k K) string {
	if t := in.table.Load(); t != nil {
		if s, ok := (*t)[k]; ok {
			return s
		}
	}
	if in.full() {
		// The key that filled the table published them all.
		return in.build(k)
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if t := in.table.Load(); t != nil {
		if s, ok := (*t)[k]; ok {
			return s // published meanwhile
		}
	}
	if s, ok := in.recent[k]; ok {
		in.missed()
		return s
	}
	s := in.build(k)
	if in.count.Load() >= internerCap {
		return s
	}
	if in.recent == nil {
		in.recent = make(map[K]string)
	}
	// Kept for the rest of the run: a key from a tool file (a property
	// name) is a view of the file's text, and the text built from it may
	// be the key itself, so both get their own copies. A view would pin
	// the file, and the whole chunk of files read with it, to the end: in
	// a run over the 10,000-tool corpus, every file's text (87 MB).
	k, s = ownKey(k), strings.Clone(s)
	in.recent[k] = s
	n := in.count.Add(1)
	published := 0
	if t := in.table.Load(); t != nil {
		published = len(*t)
	}
	if n >= internerCap || len(in.recent) >= max(4, published/4) {
		in.publish()
	}
	return s
}

// missed counts a lookup of an unpublished key (under mu), publishing
// them all once there have been as many as there are such keys.
func (in *Interner[K]) missed() {
	if in.misses++; in.misses >= len(in.recent) {
		in.publish()
	}
}

// publish makes the published table hold the recent keys too (under mu).
func (in *Interner[K]) publish() {
	old := in.table.Load()
	t := make(map[K]string, len(in.recent)+lenOf(old))
	if old != nil {
		for key, v := range *old {
			t[key] = v
		}
	}
	for key, v := range in.recent {
		t[key] = v
	}
	in.table.Store(&t)
	in.recent, in.misses = nil, 0
}

// ownKey is k with its own copy of a string's bytes.
func ownKey[K comparable](k K) K {
	if s, ok := any(k).(string); ok {
		return any(strings.Clone(s)).(K)
	}
	return k
}

func lenOf[K comparable](t *map[K]string) int {
	if t == nil {
		return 0
	}
	return len(*t)
}

// Phrase is a message template with one argument (a keyword, a format, a
// property name), interned: the message of a finding that recurs across a
// corpus is built and stored once.
type Phrase struct{ in *Interner[string] }

// NewPhrase returns the phrase whose text for arg is build(arg).
func NewPhrase(build func(arg string) string) Phrase {
	return Phrase{in: NewInterner(build)}
}

// maxInternedArg bounds what a phrase keeps: keywords and names are short,
// and a long one is unlikely to recur.
const maxInternedArg = 64

// For returns the phrase's text for arg.
func (p Phrase) For(arg string) string {
	if len(arg) > maxInternedArg {
		return p.in.build(arg)
	}
	return p.in.Get(arg)
}
