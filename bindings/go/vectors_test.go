package ballistic_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	ballistic "github.com/ballistic-rs/ballistic/bindings/go"
)

// vectorDir holds the frozen test vectors the Rust tests, the CLI and every binding
// check.
const vectorDir = "../../crates/ballistic/tests/vectors"

type vectorFile struct {
	Curve         string       `json:"curve"`
	NumberOfTests int          `json:"numberOfTests"`
	Tests         []vectorCase `json:"tests"`
}

type vectorCase struct {
	TcID            int      `json:"tcId"`
	Result          string   `json:"result"`
	Flags           []string `json:"flags"`
	Bits            int      `json:"bits"`
	Curve           string   `json:"curve"`
	Domain          string   `json:"domain"`
	Commitments     []string `json:"commitments"`
	Commitment      string   `json:"commitment"`
	Proof           string   `json:"proof"`
	Generators      int      `json:"generators"`
	ExtraCommit     *string  `json:"extra_commit"`
	ExtensionDegree int      `json:"extensionDegree"`
	MinValues       []uint64 `json:"minValues"`
	Seed            string   `json:"seed"`
	Value           uint64   `json:"value"`
	RecoveredMasks  []string `json:"recoveredMasks"`
	Scheme          string   `json:"scheme"`
	A               uint64   `json:"a"`
	B               uint64   `json:"b"`
	Nonce           string   `json:"nonce"`
	Rewound         *struct {
		Blinding string `json:"blinding"`
		Message  string `json:"message"`
		Value    uint64 `json:"value"`
	} `json:"rewound"`
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("hex: %v", err)
	}
	return b
}

func curveOf(name string) ballistic.Curve {
	if name == "secp256k1" {
		return ballistic.Secp256k1
	}
	return ballistic.Ristretto255
}

// statement maps a case to the byte API's statement and commitments.
func statement(t *testing.T, file string, doc *vectorFile, c *vectorCase) (ballistic.Params, [][]byte) {
	var commitments [][]byte
	for _, s := range c.Commitments {
		commitments = append(commitments, unhex(t, s))
	}
	switch file {
	case "ristretto_range_v1.json":
		return ballistic.Params{Curve: ballistic.Ristretto255, Protocol: ballistic.Bulletproofs, Bits: c.Bits, Domain: []byte(c.Domain)}, commitments
	case "secp256k1_range_v1.json":
		// The case's generator set, named (its default is the shape's own).
		p := ballistic.Params{Curve: ballistic.Secp256k1, Protocol: ballistic.Bulletproofs, Bits: c.Bits, Generators: c.Generators}
		if c.ExtraCommit != nil {
			p.ExtraCommit = unhex(t, *c.ExtraCommit)
		}
		return p, commitments
	case "bp_plus_v1.json":
		return ballistic.Params{
			Curve: curveOf(c.Curve), Protocol: ballistic.BulletproofsPlus, Bits: c.Bits, Domain: []byte(c.Domain),
			ExtensionDegree: c.ExtensionDegree, MinValues: c.MinValues,
		}, commitments
	}
	// range_ab_v2.json
	p := ballistic.Params{Curve: curveOf(c.Curve), Protocol: ballistic.Bulletproofs, Bits: c.Bits, Domain: []byte(c.Domain)}
	switch c.Scheme {
	case "secp256k1-zkp": // binds the label as the extra commitment
		p.Domain, p.ExtraCommit = nil, []byte(c.Domain)
	case "bp+":
		p.Protocol, p.ExtensionDegree = ballistic.BulletproofsPlus, c.ExtensionDegree
	}
	if c.Scheme != "dalek-rewindable" {
		p.Range = &ballistic.Range{A: c.A, B: c.B}
	}
	return p, [][]byte{unhex(t, c.Commitment)}
}

// TestVectors checks every case of the frozen vector files through Verify: valid
// cases verify, invalid ones are refused with a proof or argument error; a batch of
// every case that decodes names exactly the invalid ones; seeds and nonces rewind
// to the recorded openings.
func TestVectors(t *testing.T) {
	for _, file := range []string{"ristretto_range_v1.json", "secp256k1_range_v1.json", "bp_plus_v1.json", "range_ab_v2.json"} {
		t.Run(file, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join(vectorDir, file))
			if err != nil {
				t.Fatal(err)
			}
			var doc vectorFile
			if err := json.Unmarshal(text, &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Tests) != doc.NumberOfTests || len(doc.Tests) == 0 {
				t.Fatalf("%d cases, numberOfTests %d", len(doc.Tests), doc.NumberOfTests)
			}
			batch := ballistic.NewBatchVerifier()
			defer batch.Close()
			var batchBad []int
			var valid, invalid, rewinds int
			for i := range doc.Tests {
				c := &doc.Tests[i]
				p, commitments := statement(t, file, &doc, c)
				proof := unhex(t, c.Proof)
				err := ballistic.Verify(p, commitments, proof)
				switch {
				case c.Result == "valid" && err == nil:
					valid++
				case c.Result == "invalid" && (errors.Is(err, ballistic.ErrInvalidProof) || errors.Is(err, ballistic.ErrMalformed) ||
					errors.Is(err, ballistic.ErrInvalidArgument) || errors.Is(err, ballistic.ErrLimitExceeded)):
					invalid++
				default:
					t.Errorf("tcId %d (%v): expected %s, got %v", c.TcID, c.Flags, c.Result, err)
				}
				if index, err := batch.Add(p, commitments, proof); err == nil && c.Result == "invalid" {
					batchBad = append(batchBad, index)
				}
				if c.Seed != "" {
					rewinds++
					checkSeed(t, c, p, commitments[0], proof)
				}
				if c.Nonce != "" {
					rewinds++
					r, err := ballistic.Rewind(p, commitments[0], proof, unhex(t, c.Nonce), nil)
					if c.Rewound != nil {
						if err != nil || r.Value != c.Rewound.Value || !bytes.Equal(r.Blindings[0], unhex(t, c.Rewound.Blinding)) ||
							!bytes.Equal(r.Message, unhex(t, c.Rewound.Message)) {
							t.Errorf("tcId %d: rewind: %v", c.TcID, err)
						}
					} else if !errors.Is(err, ballistic.ErrRewindFailed) {
						t.Errorf("tcId %d: rewind should fail: %v", c.TcID, err)
					}
				}
			}
			bad, err := batch.Verify()
			if !slices.Equal(bad, batchBad) || (len(batchBad) > 0) != (err != nil) {
				t.Errorf("the batch of %d names %v, the file %v (%v)", batch.Len(), bad, batchBad, err)
			}
			if valid+invalid != len(doc.Tests) {
				t.Errorf("%d of %d cases checked", valid+invalid, len(doc.Tests))
			}
			t.Logf("%s: %d cases: %d valid accepted, %d invalid rejected, %d rewinds checked; batch of %d names its %d invalid",
				file, len(doc.Tests), valid, invalid, rewinds, batch.Len(), len(batchBad))
		})
	}
}

// checkSeed rewinds a Bulletproofs+ seed case: without a value the masks are the
// file's recoveredMasks; with the value they open the commitment except in
// WrongSeed cases; an invalid proof does not rewind.
func checkSeed(t *testing.T, c *vectorCase, p ballistic.Params, commitment, proof []byte) {
	seed := unhex(t, c.Seed)
	r, err := ballistic.Rewind(p, commitment, proof, seed, nil)
	if c.Result != "valid" {
		if err == nil {
			t.Errorf("tcId %d: rewinding an invalid proof succeeded", c.TcID)
		}
		return
	}
	if err != nil || len(r.Blindings) != len(c.RecoveredMasks) {
		t.Fatalf("tcId %d: rewind: %v", c.TcID, err)
	}
	for i, m := range c.RecoveredMasks {
		if !bytes.Equal(r.Blindings[i], unhex(t, m)) {
			t.Errorf("tcId %d: mask %d differs", c.TcID, i)
		}
	}
	_, err = ballistic.Rewind(p, commitment, proof, seed, &c.Value)
	if slices.Contains(c.Flags, "WrongSeed") != errors.Is(err, ballistic.ErrRewindFailed) {
		t.Errorf("tcId %d (%v): rewind with the value: %v", c.TcID, c.Flags, err)
	}
}
