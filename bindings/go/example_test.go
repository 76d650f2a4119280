package ballistic_test

import (
	"errors"
	"fmt"

	ballistic "github.com/ballistic-rs/ballistic/bindings/go"
	"github.com/ballistic-rs/ballistic/bindings/go/ristretto"
)

// Prove two 64-bit values on ristretto255 and verify the proof; another label is
// another statement.
func Example() {
	proof, err := ristretto.Prove([]uint64{5, 1_000_000}, 64, []byte("my app"))
	if err != nil {
		panic(err)
	}
	fmt.Println(len(proof.Bytes), ristretto.Verify(proof.Commitments, proof.Bytes, 64, []byte("my app")))
	err = ristretto.Verify(proof.Commitments, proof.Bytes, 64, []byte("another app"))
	fmt.Println(errors.Is(err, ballistic.ErrInvalidProof))
	// Output:
	// 736 <nil>
	// true
}
