package ballistic

/*
#include "ballistic.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"sync"
)

// BatchVerifier verifies many proofs at once: any mix of curves, protocols and
// statements, one multiscalar multiplication per curve when all are valid, and it
// names the invalid ones. Its methods may be called from several goroutines (they
// take turns). Close releases it; a finalizer does so if Close is not called.
type BatchVerifier struct {
	mu     sync.Mutex
	handle *C.ballistic_batch
}

// NewBatchVerifier returns an empty batch.
func NewBatchVerifier() *BatchVerifier {
	b := &BatchVerifier{handle: C.ballistic_batch_new()}
	runtime.SetFinalizer(b, (*BatchVerifier).Close)
	return b
}

// Close releases the batch; later calls fail with ErrNullPointer. Closing twice is
// harmless.
func (b *BatchVerifier) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	C.ballistic_batch_free(b.handle)
	b.handle = nil
}

// Len is the number of proofs added.
func (b *BatchVerifier) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.handle == nil {
		return 0
	}
	return int(C.ballistic_batch_len(b.handle))
}

// Add decodes a proof of the statement p about commitments and adds it; it returns
// the proof's index (0, 1, 2, … in the order of successful adds). A proof that
// does not decode is refused (ErrMalformed) and not added.
func (b *BatchVerifier) Add(p Params, commitments [][]byte, proof []byte) (int, error) {
	flat, err := flatten(p.Curve, commitments)
	if err != nil {
		return 0, err
	}
	handle, err := p.cParams()
	if err != nil {
		return 0, err
	}
	defer C.ballistic_params_free(handle)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.handle == nil {
		return 0, &Error{Code: CodeNullPointer, Message: "the batch is closed"}
	}
	var index C.size_t
	err = call(func() C.int {
		return C.ballistic_batch_add(b.handle, handle, bytesPtr(flat), C.size_t(len(commitments)), bytesPtr(proof),
			C.size_t(len(proof)), &index)
	})
	runtime.KeepAlive(b)
	return int(index), err
}

// Verify checks every proof added. It returns nil, nil when all verify; otherwise
// the indices of the invalid proofs in increasing order and an error matching
// ErrInvalidProof. The batch is kept: more proofs may be added and it may be
// verified again.
func (b *BatchVerifier) Verify() ([]int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.handle == nil {
		return nil, &Error{Code: CodeNullPointer, Message: "the batch is closed"}
	}
	n := int(C.ballistic_batch_len(b.handle))
	indices := make([]C.size_t, n+1)
	var count C.size_t
	err := call(func() C.int {
		return C.ballistic_batch_verify(b.handle, &indices[0], C.size_t(len(indices)), &count)
	})
	runtime.KeepAlive(b)
	if err == nil {
		return nil, nil
	}
	if int(count) > len(indices) || !isCode(err, CodeInvalidProof) {
		return nil, fmt.Errorf("batch verification: %w", err)
	}
	invalid := make([]int, count)
	for i := range invalid {
		invalid[i] = int(indices[i])
	}
	return invalid, err
}

func isCode(err error, code ErrorCode) bool {
	e, ok := err.(*Error)
	return ok && e.Code == code
}
