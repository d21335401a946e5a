package report

import (
	"container/heap"
	"io"
	"slices"
)

// AnnotationSelector is AnnotationsSeeAlso for annotations offered one at
// a time: it keeps only the ones that can be shown (GitHub shows a few of
// each level per step), so a run with millions of findings never holds an
// annotation for each. Write prints exactly what AnnotationsSeeAlso prints
// for every annotation offered, in the order offered.
type AnnotationSelector struct {
	limit        int
	seq          int
	levels       map[string]*annotationHeap
	dropped      int
	dropBreaking int
}

// NewAnnotationSelector keeps limitPerLevel annotations of each level
// (limitPerLevel <= 0: all).
func NewAnnotationSelector(limitPerLevel int) *AnnotationSelector {
	return &AnnotationSelector{limit: limitPerLevel, levels: map[string]*annotationHeap{}}
}

// Add offers one annotation.
func (s *AnnotationSelector) Add(a Annotation) {
	a.Level = normalizeLevel(a.Level)
	h := s.levels[a.Level]
	if h == nil {
		h = &annotationHeap{}
		s.levels[a.Level] = h
	}
	p := pickedAnnotation{a: a, seq: s.seq}
	s.seq++
	if s.limit <= 0 || h.Len() < s.limit {
		heap.Push(h, p)
		return
	}
	// Full: the new one replaces the last kept if it sorts before it.
	if worst := (*h)[0]; comparePicked(p, worst) < 0 {
		(*h)[0] = p
		heap.Fix(h, 0)
		p = worst
	}
	s.dropped++
	if p.a.Breaking {
		s.dropBreaking++
	}
}

// Write prints the kept annotations and the overflow notice naming
// seeAlso.
func (s *AnnotationSelector) Write(w io.Writer, seeAlso string) error {
	if seeAlso == "" {
		seeAlso = "the job summary and the SARIF report"
	}
	var kept []pickedAnnotation
	for _, h := range s.levels {
		kept = append(kept, *h...)
	}
	slices.SortFunc(kept, comparePicked)
	sorted := make([]Annotation, len(kept))
	for i := range kept {
		sorted[i] = kept[i].a
	}
	return writeAnnotations(w, sorted, s.dropped, s.dropBreaking, s.limit, seeAlso)
}

// pickedAnnotation is an annotation and the order it was offered in: the
// stable sort's tie-break.
type pickedAnnotation struct {
	a   Annotation
	seq int
}

func comparePicked(x, y pickedAnnotation) int {
	if c := compareAnnotations(x.a, y.a); c != 0 {
		return c
	}
	return x.seq - y.seq
}

// annotationHeap is a max-heap: the root is the kept annotation that sorts
// last, the first to give way.
type annotationHeap []pickedAnnotation

func (h annotationHeap) Len() int           { return len(h) }
func (h annotationHeap) Less(i, j int) bool { return comparePicked(h[i], h[j]) > 0 }
func (h annotationHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *annotationHeap) Push(x any)        { *h = append(*h, x.(pickedAnnotation)) }
func (h *annotationHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
