/* The C example of crates/ballistic-capi/README.md: prove one 64-bit value on
 * ristretto255, verify it, and see that another label is another statement.
 * tests/run_c.sh compiles and runs it. */
#include <stdio.h>
#include "ballistic.h"

int main(void) {
    ballistic_params *p = ballistic_params_new(BALLISTIC_CURVE_RISTRETTO255, BALLISTIC_PROTOCOL_BP, 64);
    ballistic_params_set_domain(p, (const uint8_t *)"my app", 6);
    uint64_t value = 1000000;
    uint8_t proof[672], commitment[32];
    size_t len;
    int rc = ballistic_prove(p, &value, 1, NULL, 0, proof, sizeof proof, &len, commitment, sizeof commitment, NULL, 0);
    int ok = rc == BALLISTIC_OK && ballistic_verify(p, commitment, 1, proof, len) == BALLISTIC_OK;
    ballistic_params_set_domain(p, (const uint8_t *)"another app", 11);
    int refused = ballistic_verify(p, commitment, 1, proof, len) == BALLISTIC_ERR_INVALID_PROOF;
    printf("verified: %d, other label refused: %d\n", ok, refused);
    ballistic_params_free(p);
    return ok && refused ? 0 : 1;
}
