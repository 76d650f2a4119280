/* The C ABI from C: round trips on both curves and both protocols, range proofs,
 * rewinding, batches that name their bad proof, every error path a caller can
 * reach, and the frozen test vectors (read from their JSON files by the small
 * parser below; every verdict comes from ballistic_verify).
 *
 * Usage: test_ballistic VECTOR_DIR [STRIDE]
 *   VECTOR_DIR  crates/ballistic/tests/vectors
 *   STRIDE      check every STRIDE-th vector case (default 1: all; the valgrind run
 *               uses a larger stride to stay within CI's time)
 * Prints "N passed, M failed" (checks) and exits non-zero if any check failed. */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ballistic.h"

static int passed, failed;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (cond) {                                                            \
            passed++;                                                          \
        } else {                                                               \
            failed++;                                                          \
            fprintf(stderr, "FAIL %s:%d: (%s) ", __FILE__, __LINE__, #cond);   \
            fprintf(stderr, __VA_ARGS__);                                      \
            fprintf(stderr, "\n");                                             \
        }                                                                      \
    } while (0)

#define CHECK_RC(rc, want, what)                                               \
    CHECK((rc) == (want), "%s: got %d (%s: %s), want %d", what, rc,            \
          ballistic_error_message(rc), last_error(), want)

static const char *last_error(void) {
    static char buf[512];
    ballistic_last_error(buf, sizeof buf);
    return buf;
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* ---------------------------------------------------------------- JSON ---- */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct json {
    enum jtype type;
    char *text;   /* J_STR: the decoded string; J_NUM: the number's text */
    size_t len;   /* J_STR: its length in bytes */
    struct json **items; /* J_ARR, J_OBJ: the values */
    char **keys;  /* J_OBJ: the keys */
    size_t n;     /* J_ARR, J_OBJ: the count */
    int boolean;
} json;

typedef struct {
    const char *p, *end;
    int error;
} cursor;

static void skip_ws(cursor *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\n' || *c->p == '\r' || *c->p == '\t'))
        c->p++;
}

static json *json_new(enum jtype type) {
    json *j = xmalloc(sizeof *j);
    memset(j, 0, sizeof *j);
    j->type = type;
    return j;
}

static void json_free(json *j) {
    if (!j)
        return;
    for (size_t i = 0; i < j->n; i++) {
        json_free(j->items[i]);
        if (j->keys)
            free(j->keys[i]);
    }
    free(j->items);
    free(j->keys);
    free(j->text);
    free(j);
}

static int hexval(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

static void put_utf8(char *out, size_t *n, unsigned cp) {
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xc0 | (cp >> 6));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xe0 | (cp >> 12));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else {
        out[(*n)++] = (char)(0xf0 | (cp >> 18));
        out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3f));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    }
}

static unsigned read_hex4(cursor *c) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int h = c->p < c->end ? hexval(*c->p) : -1;
        if (h < 0) {
            c->error = 1;
            return 0;
        }
        v = v * 16 + (unsigned)h;
        c->p++;
    }
    return v;
}

/* A string at c->p (just after the opening quote), decoded; NULL on error. */
static char *parse_string(cursor *c, size_t *len) {
    /* The decoded string is never longer than its escaped form. */
    const char *start = c->p;
    while (c->p < c->end && *c->p != '"') {
        if (*c->p == '\\')
            c->p++;
        c->p++;
    }
    if (c->p >= c->end) {
        c->error = 1;
        return NULL;
    }
    size_t raw = (size_t)(c->p - start);
    char *out = xmalloc(raw + 1);
    size_t n = 0;
    cursor s = {start, c->p, 0};
    while (s.p < s.end && !s.error) {
        char ch = *s.p++;
        if (ch != '\\') {
            out[n++] = ch;
            continue;
        }
        char e = *s.p++;
        switch (e) {
        case '"': out[n++] = '"'; break;
        case '\\': out[n++] = '\\'; break;
        case '/': out[n++] = '/'; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case 'n': out[n++] = '\n'; break;
        case 'r': out[n++] = '\r'; break;
        case 't': out[n++] = '\t'; break;
        case 'u': {
            unsigned cp = read_hex4(&s);
            if (cp >= 0xd800 && cp < 0xdc00 && s.end - s.p >= 6 && s.p[0] == '\\' && s.p[1] == 'u') {
                s.p += 2;
                unsigned lo = read_hex4(&s);
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            }
            put_utf8(out, &n, cp);
            break;
        }
        default: s.error = 1;
        }
    }
    c->p++; /* the closing quote */
    if (s.error) {
        c->error = 1;
        free(out);
        return NULL;
    }
    out[n] = 0;
    *len = n;
    return out;
}

static json *parse_value(cursor *c, int depth);

static void push(json *j, json *item, char *key) {
    j->items = realloc(j->items, (j->n + 1) * sizeof *j->items);
    if (j->type == J_OBJ)
        j->keys = realloc(j->keys, (j->n + 1) * sizeof *j->keys);
    if (!j->items || (j->type == J_OBJ && !j->keys)) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    j->items[j->n] = item;
    if (j->type == J_OBJ)
        j->keys[j->n] = key;
    j->n++;
}

static json *parse_container(cursor *c, int depth, enum jtype type, char close) {
    json *j = json_new(type);
    c->p++;
    skip_ws(c);
    if (c->p < c->end && *c->p == close) {
        c->p++;
        return j;
    }
    while (!c->error) {
        char *key = NULL;
        skip_ws(c);
        if (type == J_OBJ) {
            size_t klen;
            if (c->p >= c->end || *c->p != '"') {
                c->error = 1;
                break;
            }
            c->p++;
            key = parse_string(c, &klen);
            skip_ws(c);
            if (!key || c->p >= c->end || *c->p != ':') {
                free(key);
                c->error = 1;
                break;
            }
            c->p++;
        }
        json *item = parse_value(c, depth + 1);
        if (!item) {
            free(key);
            break;
        }
        push(j, item, key);
        skip_ws(c);
        if (c->p < c->end && *c->p == ',') {
            c->p++;
            continue;
        }
        if (c->p < c->end && *c->p == close) {
            c->p++;
            return j;
        }
        c->error = 1;
    }
    json_free(j);
    return NULL;
}

static json *parse_value(cursor *c, int depth) {
    skip_ws(c);
    if (c->p >= c->end || depth > 64) {
        c->error = 1;
        return NULL;
    }
    char ch = *c->p;
    if (ch == '{')
        return parse_container(c, depth, J_OBJ, '}');
    if (ch == '[')
        return parse_container(c, depth, J_ARR, ']');
    if (ch == '"') {
        c->p++;
        size_t len;
        char *s = parse_string(c, &len);
        if (!s)
            return NULL;
        json *j = json_new(J_STR);
        j->text = s;
        j->len = len;
        return j;
    }
    if (ch == '-' || (ch >= '0' && ch <= '9')) {
        const char *start = c->p;
        while (c->p < c->end && strchr("+-0123456789.eE", *c->p))
            c->p++;
        json *j = json_new(J_NUM);
        j->len = (size_t)(c->p - start);
        j->text = xmalloc(j->len + 1);
        memcpy(j->text, start, j->len);
        j->text[j->len] = 0;
        return j;
    }
    static const struct { const char *word; enum jtype type; int value; } words[] = {
        {"true", J_BOOL, 1}, {"false", J_BOOL, 0}, {"null", J_NULL, 0}};
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(words[i].word);
        if ((size_t)(c->end - c->p) >= n && memcmp(c->p, words[i].word, n) == 0) {
            c->p += n;
            json *j = json_new(words[i].type);
            j->boolean = words[i].value;
            return j;
        }
    }
    c->error = 1;
    return NULL;
}

static json *json_parse_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 20, n = 0;
    char *buf = xmalloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            if (!buf) {
                fprintf(stderr, "out of memory\n");
                exit(2);
            }
        }
    }
    fclose(f);
    cursor c = {buf, buf + n, 0};
    json *j = parse_value(&c, 0);
    skip_ws(&c);
    if (j && c.p != c.end)
        c.error = 1;
    free(buf);
    if (c.error) {
        fprintf(stderr, "%s: not valid JSON\n", path);
        json_free(j);
        return NULL;
    }
    return j;
}

static json *jget(const json *obj, const char *key) {
    if (!obj || obj->type != J_OBJ)
        return NULL;
    for (size_t i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return obj->items[i];
    return NULL;
}

static const char *jstr(const json *obj, const char *key) {
    json *v = jget(obj, key);
    return v && v->type == J_STR ? v->text : NULL;
}

/* A non-negative integer field; 0 and *ok = 0 when absent or not one. */
static uint64_t ju64(const json *v, int *ok) {
    if (!v || v->type != J_NUM || v->text[0] == '-') {
        *ok = 0;
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v->text, &end, 10);
    if (errno || *end) {
        *ok = 0;
        return 0;
    }
    return (uint64_t)x;
}

/* Decodes a hex string into a new buffer; NULL (and *ok = 0) if it is not hex. */
static uint8_t *unhex(const char *s, size_t *len, int *ok) {
    size_t n = s ? strlen(s) : 1;
    if (n % 2) {
        *ok = 0;
        *len = 0;
        return NULL;
    }
    uint8_t *out = xmalloc(n / 2);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            *ok = 0;
            free(out);
            *len = 0;
            return NULL;
        }
        out[i] = (uint8_t)(hi * 16 + lo);
    }
    *len = n / 2;
    return out;
}

/* ------------------------------------------------------ building blocks ---- */

static ballistic_params *params_of(uint32_t curve, uint32_t protocol, uint32_t bits,
                                   const char *domain) {
    ballistic_params *p = ballistic_params_new(curve, protocol, bits);
    if (!p) {
        fprintf(stderr, "ballistic_params_new: %s\n", last_error());
        exit(2);
    }
    if (domain)
        CHECK_RC(ballistic_params_set_domain(p, (const uint8_t *)domain, strlen(domain)),
                 BALLISTIC_OK, "set_domain");
    return p;
}

typedef struct {
    uint8_t *proof;
    size_t proof_len;
    uint8_t *commitments;
    uint8_t *blindings;
    size_t blindings_len;
    uint8_t nonce[32];
} proven;

static void proven_free(proven *pr) {
    free(pr->proof);
    free(pr->commitments);
    free(pr->blindings);
    memset(pr, 0, sizeof *pr);
}

/* Proves with buffers sized by the size queries; returns the status. */
static int prove(const ballistic_params *p, const uint64_t *values, size_t m, const uint8_t *blindings,
                 size_t blindings_len, int rewindable, const uint8_t *nonce, proven *out) {
    memset(out, 0, sizeof *out);
    size_t plen = ballistic_proof_len(p, m);
    size_t clen = m * ballistic_commitment_len(p);
    size_t blen = ballistic_blindings_len(p, m);
    out->proof = xmalloc(plen);
    out->commitments = xmalloc(clen);
    out->blindings = xmalloc(blen);
    out->blindings_len = blen;
    if (rewindable)
        return ballistic_prove_rewindable(p, values, m, blindings, blindings_len, nonce,
                                          out->proof, plen, &out->proof_len, out->commitments,
                                          clen, out->blindings, blen, out->nonce);
    return ballistic_prove(p, values, m, blindings, blindings_len, out->proof, plen,
                           &out->proof_len, out->commitments, clen, out->blindings, blen);
}

static const char *curve_name(uint32_t c) {
    return c == BALLISTIC_CURVE_RISTRETTO255 ? "ristretto255" : "secp256k1";
}

static const char *protocol_name(uint32_t p) {
    return p == BALLISTIC_PROTOCOL_BP ? "bp" : "bp+";
}

/* ----------------------------------------------------------- the tests ---- */

static void test_round_trips(void) {
    for (uint32_t curve = 1; curve <= 2; curve++) {
        for (uint32_t protocol = 1; protocol <= 2; protocol++) {
            int zkp = curve == BALLISTIC_CURVE_SECP256K1 && protocol == BALLISTIC_PROTOCOL_BP;
            ballistic_params *p = params_of(curve, protocol, 32, zkp ? NULL : "c test");
            char what[64];
            snprintf(what, sizeof what, "%s %s", curve_name(curve), protocol_name(protocol));
            uint64_t values[2] = {7, 0xffffffffu};
            proven pr;
            int rc = prove(p, values, 2, NULL, 0, 0, NULL, &pr);
            CHECK_RC(rc, BALLISTIC_OK, what);
            CHECK(pr.proof_len == ballistic_proof_len(p, 2), "%s: proof length %zu", what, pr.proof_len);
            CHECK_RC(ballistic_verify(p, pr.commitments, 2, pr.proof, pr.proof_len), BALLISTIC_OK, what);
            /* Swapped commitments: another statement. */
            size_t w = ballistic_commitment_len(p);
            uint8_t *swapped = xmalloc(2 * w);
            memcpy(swapped, pr.commitments + w, w);
            memcpy(swapped + w, pr.commitments, w);
            CHECK_RC(ballistic_verify(p, swapped, 2, pr.proof, pr.proof_len),
                     BALLISTIC_ERR_INVALID_PROOF, what);
            free(swapped);
            /* Flipped bytes: refused, never accepted. */
            for (size_t i = 0; i < pr.proof_len; i += pr.proof_len / 7) {
                pr.proof[i] ^= 0x10;
                rc = ballistic_verify(p, pr.commitments, 2, pr.proof, pr.proof_len);
                CHECK(rc == BALLISTIC_ERR_INVALID_PROOF || rc == BALLISTIC_ERR_MALFORMED_PROOF,
                      "%s: byte %zu flipped: %d", what, i, rc);
                pr.proof[i] ^= 0x10;
            }
            /* The returned blindings give the same commitments. */
            proven again;
            rc = prove(p, values, 2, pr.blindings, pr.blindings_len, 0, NULL, &again);
            CHECK_RC(rc, BALLISTIC_OK, what);
            CHECK(memcmp(again.commitments, pr.commitments, 2 * w) == 0, "%s: same blindings, other commitments", what);
            CHECK_RC(ballistic_verify(p, again.commitments, 2, again.proof, again.proof_len), BALLISTIC_OK, what);
            proven_free(&again);
            /* A value out of range is refused before proving. */
            uint64_t big = (uint64_t)1 << 32;
            CHECK_RC(prove(p, &big, 1, NULL, 0, 0, NULL, &again), BALLISTIC_ERR_INVALID_ARGUMENT, what);
            proven_free(&again);
            proven_free(&pr);
            ballistic_params_free(p);
        }
    }
}

static void test_ranges_and_plus_options(void) {
    for (uint32_t curve = 1; curve <= 2; curve++) {
        for (uint32_t protocol = 1; protocol <= 2; protocol++) {
            int zkp = curve == BALLISTIC_CURVE_SECP256K1 && protocol == BALLISTIC_PROTOCOL_BP;
            ballistic_params *p = params_of(curve, protocol, 64, zkp ? NULL : "range");
            CHECK_RC(ballistic_params_set_range(p, 1000, 1999), BALLISTIC_OK, "set_range");
            uint64_t v = 1500;
            proven pr;
            CHECK_RC(prove(p, &v, 1, NULL, 0, 0, NULL, &pr), BALLISTIC_OK, "range prove");
            CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len), BALLISTIC_OK, "range verify");
            CHECK_RC(ballistic_params_set_range(p, 1000, 1998), BALLISTIC_OK, "set_range");
            CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len),
                     BALLISTIC_ERR_INVALID_PROOF, "other range");
            CHECK_RC(ballistic_params_set_range(p, 5, 4), BALLISTIC_OK, "set_range");
            CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len),
                     BALLISTIC_ERR_INVALID_ARGUMENT, "empty range");
            proven_free(&pr);
            ballistic_params_free(p);
        }
        /* Bulletproofs+: extension degree and minimum values. */
        ballistic_params *p = params_of(curve, BALLISTIC_PROTOCOL_BP_PLUS, 8, "plus");
        CHECK_RC(ballistic_params_set_extension_degree(p, 3), BALLISTIC_OK, "degree");
        uint64_t mins[2] = {100, 0}, values[2] = {355, 255};
        CHECK_RC(ballistic_params_set_min_values(p, mins, 2), BALLISTIC_OK, "min values");
        CHECK(ballistic_blindings_len(p, 2) == 6 * 32, "masks: %zu", ballistic_blindings_len(p, 2));
        proven pr;
        CHECK_RC(prove(p, values, 2, NULL, 0, 0, NULL, &pr), BALLISTIC_OK, "plus prove");
        CHECK_RC(ballistic_verify(p, pr.commitments, 2, pr.proof, pr.proof_len), BALLISTIC_OK, "plus verify");
        mins[0] = 101;
        CHECK_RC(ballistic_params_set_min_values(p, mins, 2), BALLISTIC_OK, "min values");
        CHECK_RC(ballistic_verify(p, pr.commitments, 2, pr.proof, pr.proof_len),
                 BALLISTIC_ERR_INVALID_PROOF, "shifted minimum");
        CHECK_RC(ballistic_params_set_extension_degree(p, 2), BALLISTIC_OK, "degree");
        CHECK_RC(ballistic_verify(p, pr.commitments, 2, pr.proof, pr.proof_len),
                 BALLISTIC_ERR_MALFORMED_PROOF, "another degree");
        CHECK_RC(ballistic_params_set_extension_degree(p, 7), BALLISTIC_OK, "degree");
        CHECK_RC(ballistic_verify(p, pr.commitments, 2, pr.proof, pr.proof_len),
                 BALLISTIC_ERR_INVALID_ARGUMENT, "degree 7");
        proven_free(&pr);
        ballistic_params_free(p);
    }
    /* secp256k1-zkp's extra commitment: empty differs from none. */
    ballistic_params *p = params_of(BALLISTIC_CURVE_SECP256K1, BALLISTIC_PROTOCOL_BP, 64, NULL);
    CHECK_RC(ballistic_params_set_extra_commit(p, NULL, 0), BALLISTIC_OK, "empty extra");
    uint64_t v = 3;
    proven pr;
    CHECK_RC(prove(p, &v, 1, NULL, 0, 0, NULL, &pr), BALLISTIC_OK, "extra prove");
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len), BALLISTIC_OK, "extra verify");
    CHECK_RC(ballistic_params_clear_extra_commit(p), BALLISTIC_OK, "clear extra");
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len),
             BALLISTIC_ERR_INVALID_PROOF, "no extra");
    proven_free(&pr);
    /* secp256k1-zkp's generator set: another set is another statement. */
    CHECK_RC(ballistic_params_set_generators(p, 1024), BALLISTIC_OK, "1024 generators");
    CHECK_RC(prove(p, &v, 1, NULL, 0, 0, NULL, &pr), BALLISTIC_OK, "1024 prove");
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len), BALLISTIC_OK, "1024 verify");
    CHECK_RC(ballistic_params_set_generators(p, 0), BALLISTIC_OK, "default generators");
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len),
             BALLISTIC_ERR_INVALID_PROOF, "1024-generator proof over Grin's");
    CHECK_RC(ballistic_params_set_generators(p, 1023), BALLISTIC_OK, "odd count set");
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len),
             BALLISTIC_ERR_INVALID_ARGUMENT, "odd count");
    CHECK_RC(ballistic_params_set_generators(p, BALLISTIC_MAX_GENERATORS + 2), BALLISTIC_OK, "huge count set");
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len),
             BALLISTIC_ERR_LIMIT_EXCEEDED, "huge count");
    proven_free(&pr);
    ballistic_params_free(p);
}

static void test_rewind(void) {
    uint8_t blinding[6 * 32], message[20];
    size_t count = 0;
    uint64_t value = 0;
    /* secp256k1 Bulletproofs: the nonce comes back; it recovers value and blinding. */
    ballistic_params *k1 = params_of(BALLISTIC_CURVE_SECP256K1, BALLISTIC_PROTOCOL_BP, 64, NULL);
    CHECK_RC(ballistic_params_set_extra_commit(k1, (const uint8_t *)"ctx", 3), BALLISTIC_OK, "extra");
    uint64_t v = 77;
    proven pr;
    CHECK_RC(prove(k1, &v, 1, NULL, 0, 1, NULL, &pr), BALLISTIC_OK, "k1 rewindable");
    CHECK_RC(ballistic_rewind(k1, pr.commitments, pr.proof, pr.proof_len, pr.nonce, NULL, &value,
                              blinding, sizeof blinding, &count, message),
             BALLISTIC_OK, "k1 rewind");
    CHECK(value == 77 && count == 1 && memcmp(blinding, pr.blindings, 32) == 0,
          "k1 rewind: value %llu, %zu blindings", (unsigned long long)value, count);
    uint8_t wrong[32];
    memcpy(wrong, pr.nonce, 32);
    wrong[0] ^= 1;
    CHECK_RC(ballistic_rewind(k1, pr.commitments, pr.proof, pr.proof_len, wrong, NULL, &value,
                              blinding, sizeof blinding, &count, message),
             BALLISTIC_ERR_REWIND_FAILED, "k1 wrong nonce");
    CHECK_RC(ballistic_rewind(k1, pr.commitments, pr.proof, pr.proof_len, pr.nonce, &v, &value,
                              blinding, sizeof blinding, &count, message),
             BALLISTIC_ERR_INVALID_ARGUMENT, "k1 claimed value");
    CHECK_RC(ballistic_rewind(k1, pr.commitments, pr.proof, pr.proof_len, pr.nonce, NULL, &value,
                              blinding, 31, &count, message),
             BALLISTIC_ERR_BUFFER_TOO_SMALL, "k1 short blinding buffer");
    CHECK(count == 1, "needed count %zu", count);
    proven_free(&pr);
    ballistic_params_free(k1);

    /* ristretto255 Bulletproofs with the caller's nonce. */
    ballistic_params *r = params_of(BALLISTIC_CURVE_RISTRETTO255, BALLISTIC_PROTOCOL_BP, 64, "r");
    uint8_t nonce[32];
    memset(nonce, 9, sizeof nonce);
    v = 88;
    CHECK_RC(prove(r, &v, 1, NULL, 0, 1, nonce, &pr), BALLISTIC_OK, "r255 rewindable");
    CHECK(memcmp(pr.nonce, nonce, 32) == 0, "the given nonce comes back");
    CHECK_RC(ballistic_verify(r, pr.commitments, 1, pr.proof, pr.proof_len), BALLISTIC_OK, "r255 verify");
    value = 0;
    CHECK_RC(ballistic_rewind(r, pr.commitments, pr.proof, pr.proof_len, nonce, NULL, &value,
                              blinding, 32, &count, NULL),
             BALLISTIC_OK, "r255 rewind");
    CHECK(value == 88 && memcmp(blinding, pr.blindings, 32) == 0, "r255 rewound %llu", (unsigned long long)value);
    proven_free(&pr);
    uint64_t two[2] = {1, 2};
    CHECK_RC(prove(r, two, 2, NULL, 0, 1, NULL, &pr), BALLISTIC_ERR_INVALID_ARGUMENT, "rewindable of two");
    proven_free(&pr);
    CHECK_RC(ballistic_params_set_range(r, 0, 9), BALLISTIC_OK, "range");
    v = 3;
    CHECK_RC(prove(r, &v, 1, NULL, 0, 1, NULL, &pr), BALLISTIC_ERR_INVALID_ARGUMENT, "rewindable range");
    proven_free(&pr);
    ballistic_params_free(r);

    /* Bulletproofs+: the masks; the value checked when claimed. */
    for (uint32_t curve = 1; curve <= 2; curve++) {
        ballistic_params *p = params_of(curve, BALLISTIC_PROTOCOL_BP_PLUS, 64, "p");
        CHECK_RC(ballistic_params_set_extension_degree(p, 2), BALLISTIC_OK, "degree");
        v = 99;
        CHECK_RC(prove(p, &v, 1, NULL, 0, 1, NULL, &pr), BALLISTIC_OK, "plus rewindable");
        value = 0;
        memset(message, 0xaa, sizeof message);
        CHECK_RC(ballistic_rewind(p, pr.commitments, pr.proof, pr.proof_len, pr.nonce, &v, &value,
                                  blinding, sizeof blinding, &count, message),
                 BALLISTIC_OK, "plus rewind");
        static const uint8_t zeros[20];
        CHECK(count == 2 && value == 99 && memcmp(blinding, pr.blindings, 64) == 0 &&
                  memcmp(message, zeros, 20) == 0,
              "plus rewind on %s", curve_name(curve));
        uint64_t other = 98;
        CHECK_RC(ballistic_rewind(p, pr.commitments, pr.proof, pr.proof_len, pr.nonce, &other, NULL,
                                  blinding, sizeof blinding, &count, NULL),
                 BALLISTIC_ERR_REWIND_FAILED, "plus wrong value");
        /* The statement is checked before anything is written: an extension degree
           out of range is an invalid argument, and the count is left alone. */
        CHECK_RC(ballistic_params_set_extension_degree(p, 0xffffffffu), BALLISTIC_OK, "huge degree set");
        CHECK_RC(ballistic_params_check(p, 1), BALLISTIC_ERR_INVALID_ARGUMENT, "huge degree check");
        count = 12345;
        CHECK_RC(ballistic_rewind(p, pr.commitments, pr.proof, pr.proof_len, pr.nonce, &v, &value,
                                  blinding, sizeof blinding, &count, NULL),
                 BALLISTIC_ERR_INVALID_ARGUMENT, "plus rewind, huge degree");
        CHECK(count == 12345, "count %zu written for an invalid statement", count);
        CHECK_RC(ballistic_params_set_extension_degree(p, 2), BALLISTIC_OK, "degree again");
        CHECK_RC(ballistic_params_check(p, 1), BALLISTIC_OK, "degree 2 check");
        CHECK_RC(ballistic_params_check(p, BALLISTIC_MAX_VALUES + 1), BALLISTIC_ERR_LIMIT_EXCEEDED,
                 "too many values check");
        proven_free(&pr);
        ballistic_params_free(p);
    }
}

static void test_batch(void) {
    ballistic_batch *b = ballistic_batch_new();
    CHECK(b != NULL, "batch_new");
    size_t invalid[16], count = 99;
    CHECK_RC(ballistic_batch_verify(b, NULL, 0, &count), BALLISTIC_OK, "empty batch");
    CHECK(count == 0, "empty batch count %zu", count);
    size_t expected_bad[16], nbad = 0, added = 0;
    for (int k = 0; k < 8; k++) {
        uint32_t curve = 1 + (k & 1), protocol = 1 + ((k >> 1) & 1);
        int zkp = curve == BALLISTIC_CURVE_SECP256K1 && protocol == BALLISTIC_PROTOCOL_BP;
        ballistic_params *p = params_of(curve, protocol, 16, zkp ? NULL : "batch");
        uint64_t values[2] = {(uint64_t)k, 3};
        proven pr;
        CHECK_RC(prove(p, values, 2, NULL, 0, 0, NULL, &pr), BALLISTIC_OK, "batch prove");
        size_t w = ballistic_commitment_len(p), index = 99;
        if (k == 5) {
            /* The one bad proof: its commitments swapped. */
            uint8_t tmp[33];
            memcpy(tmp, pr.commitments, w);
            memcpy(pr.commitments, pr.commitments + w, w);
            memcpy(pr.commitments + w, tmp, w);
            expected_bad[nbad++] = added;
        }
        CHECK_RC(ballistic_batch_add(b, p, pr.commitments, 2, pr.proof, pr.proof_len, &index),
                 BALLISTIC_OK, "batch add");
        CHECK(index == added, "index %zu, want %zu", index, added);
        added++;
        /* A proof that does not decode is refused and not added. */
        CHECK_RC(ballistic_batch_add(b, p, pr.commitments, 2, pr.proof, pr.proof_len - 1, NULL),
                 BALLISTIC_ERR_MALFORMED_PROOF, "batch add short proof");
        proven_free(&pr);
        ballistic_params_free(p); /* the batch keeps its own copy */
    }
    CHECK(ballistic_batch_len(b) == added, "batch len %zu", ballistic_batch_len(b));
    CHECK_RC(ballistic_batch_verify(b, invalid, 16, &count), BALLISTIC_ERR_INVALID_PROOF, "batch verify");
    CHECK(count == nbad && invalid[0] == expected_bad[0], "batch names %zu bad, first %zu", count, invalid[0]);
    CHECK_RC(ballistic_batch_verify(b, NULL, 0, &count), BALLISTIC_ERR_BUFFER_TOO_SMALL, "batch no room");
    CHECK(count == 1, "count without room %zu", count);
    ballistic_batch_free(b);
    ballistic_batch_free(NULL);
}

static void test_errors(void) {
    ballistic_params *p = params_of(BALLISTIC_CURVE_RISTRETTO255, BALLISTIC_PROTOCOL_BP, 64, "e");
    uint64_t v = 1;
    uint8_t proof[672], commitment[32], blinding[32], nonce[32] = {1};
    size_t len = 0, count = 0, index = 0;

    /* Messages. */
    CHECK(strcmp(ballistic_error_message(BALLISTIC_OK), "success") == 0, "message 0");
    CHECK(strcmp(ballistic_error_message(BALLISTIC_ERR_INVALID_PROOF), "the proof does not verify") == 0, "message 3");
    CHECK(strcmp(ballistic_error_message(12345), "unknown error code") == 0, "unknown message");
    for (int code = 1; code <= BALLISTIC_ERR_PANIC; code++)
        CHECK(strcmp(ballistic_error_message(code), ballistic_error_message(code - 1)) != 0, "message %d", code);
    CHECK(strlen(ballistic_version()) > 0, "version");

    /* Constructors. */
    CHECK(ballistic_params_new(0, BALLISTIC_PROTOCOL_BP, 64) == NULL, "curve 0");
    CHECK(strstr(last_error(), "unknown curve 0") != NULL, "curve message: %s", last_error());
    CHECK(ballistic_params_new(BALLISTIC_CURVE_SECP256K1, 3, 64) == NULL, "protocol 3");
    char tiny[8];
    size_t full = ballistic_last_error(tiny, sizeof tiny);
    CHECK(full > 7 && strlen(tiny) == 7, "truncated last error: %zu", full);
    CHECK(ballistic_last_error(NULL, 0) == full, "size query");

    /* NULL pointers. */
    CHECK_RC(ballistic_params_set_domain(NULL, NULL, 0), BALLISTIC_ERR_NULL_POINTER, "set_domain NULL params");
    CHECK_RC(ballistic_params_set_domain(p, NULL, 3), BALLISTIC_ERR_NULL_POINTER, "set_domain NULL bytes");
    CHECK_RC(ballistic_params_set_range(NULL, 0, 1), BALLISTIC_ERR_NULL_POINTER, "set_range NULL");
    CHECK_RC(ballistic_params_set_extension_degree(NULL, 1), BALLISTIC_ERR_NULL_POINTER, "degree NULL");
    CHECK_RC(ballistic_params_set_min_values(p, NULL, 1), BALLISTIC_ERR_NULL_POINTER, "min values NULL");
    CHECK_RC(ballistic_params_set_extra_commit(p, NULL, 1), BALLISTIC_ERR_NULL_POINTER, "extra NULL");
    CHECK_RC(ballistic_params_set_generators(NULL, 256), BALLISTIC_ERR_NULL_POINTER, "generators NULL");
    CHECK_RC(ballistic_params_clear_extra_commit(NULL), BALLISTIC_ERR_NULL_POINTER, "clear extra NULL");
    CHECK(ballistic_proof_len(NULL, 1) == 0 && ballistic_commitment_len(NULL) == 0 &&
              ballistic_blindings_len(NULL, 1) == 0 && ballistic_batch_len(NULL) == 0,
          "size queries of NULL");
    CHECK_RC(ballistic_prove(NULL, &v, 1, NULL, 0, proof, sizeof proof, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_NULL_POINTER, "prove NULL params");
    CHECK_RC(ballistic_prove(p, NULL, 1, NULL, 0, proof, sizeof proof, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_NULL_POINTER, "prove NULL values");
    CHECK_RC(ballistic_prove(p, &v, 1, NULL, 0, proof, sizeof proof, NULL, commitment, 32, NULL, 0),
             BALLISTIC_ERR_NULL_POINTER, "prove NULL proof_len");
    CHECK_RC(ballistic_prove(p, &v, 1, NULL, 0, NULL, sizeof proof, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_NULL_POINTER, "prove NULL proof_out");
    CHECK_RC(ballistic_prove(p, &v, 1, NULL, 32, proof, sizeof proof, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_NULL_POINTER, "prove NULL blindings with a length");
    CHECK_RC(ballistic_prove_rewindable(p, &v, 1, NULL, 0, NULL, proof, sizeof proof, &len, commitment,
                                        32, NULL, 0, NULL),
             BALLISTIC_ERR_NULL_POINTER, "prove_rewindable NULL nonce_out");
    CHECK_RC(ballistic_verify(NULL, commitment, 1, proof, sizeof proof), BALLISTIC_ERR_NULL_POINTER, "verify NULL params");
    CHECK_RC(ballistic_verify(p, NULL, 1, proof, sizeof proof), BALLISTIC_ERR_NULL_POINTER, "verify NULL commitments");
    CHECK_RC(ballistic_verify(p, commitment, 1, NULL, sizeof proof), BALLISTIC_ERR_NULL_POINTER, "verify NULL proof");
    CHECK_RC(ballistic_batch_add(NULL, p, commitment, 1, proof, sizeof proof, &index),
             BALLISTIC_ERR_NULL_POINTER, "batch_add NULL batch");
    CHECK_RC(ballistic_batch_verify(NULL, NULL, 0, &count), BALLISTIC_ERR_NULL_POINTER, "batch_verify NULL");
    ballistic_batch *b = ballistic_batch_new();
    CHECK_RC(ballistic_batch_verify(b, NULL, 0, NULL), BALLISTIC_ERR_NULL_POINTER, "batch_verify NULL count");
    CHECK_RC(ballistic_batch_add(b, NULL, commitment, 1, proof, sizeof proof, &index),
             BALLISTIC_ERR_NULL_POINTER, "batch_add NULL params");
    ballistic_batch_free(b);
    CHECK_RC(ballistic_rewind(p, NULL, proof, sizeof proof, nonce, NULL, NULL, blinding, 32, &count, NULL),
             BALLISTIC_ERR_NULL_POINTER, "rewind NULL commitment");
    CHECK_RC(ballistic_rewind(p, commitment, proof, sizeof proof, NULL, NULL, NULL, blinding, 32, &count, NULL),
             BALLISTIC_ERR_NULL_POINTER, "rewind NULL nonce");
    CHECK_RC(ballistic_rewind(p, commitment, proof, sizeof proof, nonce, NULL, NULL, blinding, 32, NULL, NULL),
             BALLISTIC_ERR_NULL_POINTER, "rewind NULL count");
    ballistic_params_free(NULL);

    /* Short buffers: reported before proving, with the needed length. */
    len = 0;
    CHECK_RC(ballistic_prove(p, &v, 1, NULL, 0, NULL, 0, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_BUFFER_TOO_SMALL, "size query by prove");
    CHECK(len == 672, "needed proof length %zu", len);
    CHECK_RC(ballistic_prove(p, &v, 1, NULL, 0, proof, 671, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_BUFFER_TOO_SMALL, "short proof buffer");
    CHECK_RC(ballistic_prove(p, &v, 1, NULL, 0, proof, sizeof proof, &len, commitment, 31, NULL, 0),
             BALLISTIC_ERR_BUFFER_TOO_SMALL, "short commitment buffer");
    CHECK_RC(ballistic_prove(p, &v, 1, NULL, 0, proof, sizeof proof, &len, commitment, 32, blinding, 31),
             BALLISTIC_ERR_BUFFER_TOO_SMALL, "short blinding buffer");

    /* Bad statements and inputs. */
    CHECK_RC(ballistic_prove(p, &v, 0, NULL, 0, proof, sizeof proof, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_INVALID_ARGUMENT, "no values");
    CHECK_RC(ballistic_prove(p, &v, 1, blinding, 31, proof, sizeof proof, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_INVALID_ARGUMENT, "31 bytes of blindings");
    memset(blinding, 0xff, 32);
    CHECK_RC(ballistic_prove(p, &v, 1, blinding, 32, proof, sizeof proof, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_INVALID_ARGUMENT, "non-canonical blinding");
    CHECK_RC(ballistic_verify(p, commitment, BALLISTIC_MAX_VALUES + 1, proof, sizeof proof),
             BALLISTIC_ERR_LIMIT_EXCEEDED, "too many values");
    uint8_t long_domain[BALLISTIC_MAX_DOMAIN_BYTES + 1] = {0};
    CHECK_RC(ballistic_params_set_domain(p, long_domain, sizeof long_domain), BALLISTIC_ERR_LIMIT_EXCEEDED,
             "long domain");
    ballistic_params *k1 = params_of(BALLISTIC_CURVE_SECP256K1, BALLISTIC_PROTOCOL_BP, 48, NULL);
    CHECK(ballistic_proof_len(k1, 1) == 0, "48-bit secp256k1 proof length");
    CHECK(strstr(last_error(), "48 bits") != NULL, "48 bits: %s", last_error());
    ballistic_params_free(k1);
    k1 = params_of(BALLISTIC_CURVE_SECP256K1, BALLISTIC_PROTOCOL_BP, 64, "label");
    CHECK_RC(ballistic_prove(k1, &v, 1, NULL, 0, proof, sizeof proof, &len, commitment, 32, NULL, 0),
             BALLISTIC_ERR_INVALID_ARGUMENT, "secp256k1 Bulletproofs with a label");
    ballistic_params_free(k1);

    /* Malformed proofs and commitments. */
    proven pr;
    CHECK_RC(prove(p, &v, 1, NULL, 0, 0, NULL, &pr), BALLISTIC_OK, "prove");
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len - 32),
             BALLISTIC_ERR_MALFORMED_PROOF, "truncated proof");
    CHECK(strstr(last_error(), "proof is 640 bytes") != NULL, "%s", last_error());
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, 0), BALLISTIC_ERR_MALFORMED_PROOF, "empty proof");
    memset(commitment, 0xff, 32);
    CHECK_RC(ballistic_verify(p, commitment, 1, pr.proof, pr.proof_len), BALLISTIC_ERR_MALFORMED_PROOF,
             "commitment not a point");
    memset(pr.proof + pr.proof_len - 32, 0xff, 32);
    CHECK_RC(ballistic_verify(p, pr.commitments, 1, pr.proof, pr.proof_len), BALLISTIC_ERR_MALFORMED_PROOF,
             "non-canonical scalar");
    proven_free(&pr);
    ballistic_params_free(p);
}

/* ------------------------------------------------------- test vectors ---- */

typedef struct {
    const char *file;
    size_t cases, checked, agree, disagree, skipped, valid, by_code[16];
    ballistic_batch *batch;
    size_t batch_added, *batch_bad, batch_nbad;
} tally;

/* The flat commitments of a case, each `width` bytes; NULL if one is not. */
static uint8_t *flat_commitments(const json *list, size_t width, size_t *m) {
    *m = list && list->type == J_ARR ? list->n : 0;
    uint8_t *flat = xmalloc(*m * width);
    for (size_t i = 0; i < *m; i++) {
        int ok = 1;
        size_t len;
        uint8_t *c = unhex(list->items[i]->type == J_STR ? list->items[i]->text : NULL, &len, &ok);
        if (!ok || len != width) {
            free(c);
            free(flat);
            return NULL;
        }
        memcpy(flat + i * width, c, width);
        free(c);
    }
    return flat;
}

/* Checks one case's verdict through ballistic_verify (and adds it to the file's
 * batch when it decodes). */
static void check_case(tally *t, const json *tc, const ballistic_params *p, const uint8_t *commitments,
                       size_t m) {
    int ok = 1;
    uint64_t id = ju64(jget(tc, "tcId"), &ok);
    const char *result = jstr(tc, "result");
    size_t proof_len;
    uint8_t *proof = unhex(jstr(tc, "proof"), &proof_len, &ok);
    if (!ok || !result) {
        CHECK(0, "%s tcId %llu: unreadable case", t->file, (unsigned long long)id);
        free(proof);
        return;
    }
    int want_valid = strcmp(result, "valid") == 0;
    int rc = ballistic_verify(p, commitments, m, proof, proof_len);
    t->checked++;
    t->by_code[rc >= 0 && rc < 16 ? rc : 15]++;
    int rejected = rc == BALLISTIC_ERR_INVALID_PROOF || rc == BALLISTIC_ERR_MALFORMED_PROOF ||
                   rc == BALLISTIC_ERR_INVALID_ARGUMENT || rc == BALLISTIC_ERR_LIMIT_EXCEEDED;
    int agrees = want_valid ? rc == BALLISTIC_OK : rejected;
    if (agrees) {
        t->agree++;
        t->valid += want_valid;
    } else {
        t->disagree++;
    }
    CHECK(agrees, "%s tcId %llu: expected %s, got %d (%s)", t->file, (unsigned long long)id, result, rc,
          last_error());
    size_t index;
    if (ballistic_batch_add(t->batch, p, commitments, m, proof, proof_len, &index) == BALLISTIC_OK) {
        t->batch_added++;
        if (!want_valid)
            t->batch_bad[t->batch_nbad++] = index;
    }
    free(proof);
}

/* The batch of every decodable case of a file names exactly the invalid ones. */
static void check_batch(tally *t) {
    size_t *invalid = xmalloc((t->batch_added + 1) * sizeof *invalid), count = 0;
    int rc = ballistic_batch_verify(t->batch, invalid, t->batch_added + 1, &count);
    CHECK_RC(rc, t->batch_nbad ? BALLISTIC_ERR_INVALID_PROOF : BALLISTIC_OK, t->file);
    int same = count == t->batch_nbad;
    for (size_t i = 0; same && i < count; i++)
        same = invalid[i] == t->batch_bad[i];
    CHECK(same, "%s: the batch names %zu invalid proofs; the file %zu", t->file, count, t->batch_nbad);
    printf("%s: batch of %zu decodable cases names the %zu invalid ones: %s\n", t->file, t->batch_added,
           t->batch_nbad, same ? "yes" : "NO");
    free(invalid);
}

static void report(const tally *t) {
    printf("%s: %zu cases, %zu checked (stride), %zu agree with the file (%zu valid accepted, %zu invalid "
           "rejected: %zu invalid proof, %zu malformed, %zu invalid argument, %zu limit), %zu disagree, "
           "%zu skipped (statement not expressible in the byte API)\n",
           t->file, t->cases, t->checked, t->agree, t->valid, t->agree - t->valid,
           t->by_code[BALLISTIC_ERR_INVALID_PROOF], t->by_code[BALLISTIC_ERR_MALFORMED_PROOF],
           t->by_code[BALLISTIC_ERR_INVALID_ARGUMENT], t->by_code[BALLISTIC_ERR_LIMIT_EXCEEDED], t->disagree,
           t->skipped);
}

/* The generator count the byte API derives for a secp256k1 Bulletproofs proof of
 * m values of n bits: Grin's 256 while n·m <= 128, else 2·n·m (rounded up to a
 * power of two). */
static uint64_t secp256k1_generators(uint64_t n, uint64_t m) {
    uint64_t nm = 1;
    while (nm < n * m)
        nm *= 2;
    return nm <= 128 ? 256 : 2 * nm;
}

static uint32_t curve_of(const char *name) {
    if (name && strcmp(name, "ristretto255") == 0)
        return BALLISTIC_CURVE_RISTRETTO255;
    if (name && strcmp(name, "secp256k1") == 0)
        return BALLISTIC_CURVE_SECP256K1;
    return 0;
}

/* Rewinds a Bulletproofs+ seed case: without a value the masks are the file's
 * recoveredMasks; with the value it opens the commitment except in WrongSeed cases. */
static void check_plus_seed(const tally *t, const json *tc, const ballistic_params *p, const uint8_t *commitment) {
    int ok = 1;
    uint64_t id = ju64(jget(tc, "tcId"), &ok);
    size_t seed_len, proof_len;
    uint8_t *seed = unhex(jstr(tc, "seed"), &seed_len, &ok);
    uint8_t *proof = unhex(jstr(tc, "proof"), &proof_len, &ok);
    uint8_t masks[6 * 32], message[20];
    size_t count = 0;
    int valid = strcmp(jstr(tc, "result"), "valid") == 0;
    int rc = ok && seed_len == 32 ? ballistic_rewind(p, commitment, proof, proof_len, seed, NULL, NULL, masks,
                                                     sizeof masks, &count, message)
                                  : -1;
    json *want = jget(tc, "recoveredMasks");
    if (valid) {
        int same = rc == BALLISTIC_OK && want && want->type == J_ARR && want->n == count;
        for (size_t i = 0; same && i < count; i++) {
            size_t len;
            uint8_t *m = unhex(want->items[i]->text, &len, &ok);
            same = ok && len == 32 && memcmp(m, masks + 32 * i, 32) == 0;
            free(m);
        }
        CHECK(same, "%s tcId %llu: rewind gives the recorded masks (rc %d: %s)", t->file,
              (unsigned long long)id, rc, last_error());
        int wrong_seed = 0;
        json *flags = jget(tc, "flags");
        for (size_t i = 0; flags && i < flags->n; i++)
            wrong_seed |= strcmp(flags->items[i]->text, "WrongSeed") == 0;
        uint64_t value = ju64(jget(tc, "value"), &ok);
        rc = ballistic_rewind(p, commitment, proof, proof_len, seed, &value, NULL, masks, sizeof masks, &count,
                              NULL);
        CHECK_RC(rc, wrong_seed ? BALLISTIC_ERR_REWIND_FAILED : BALLISTIC_OK, "plus rewind with the value");
    } else {
        CHECK(rc != BALLISTIC_OK, "%s tcId %llu: rewinding an invalid proof succeeded", t->file,
              (unsigned long long)id);
    }
    free(seed);
    free(proof);
}

static void run_file(const char *dir, const char *file, size_t stride) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    json *doc = json_parse_file(path);
    CHECK(doc != NULL, "%s: readable JSON", path);
    if (!doc)
        return;
    json *tests = jget(doc, "tests");
    int ok = 1;
    uint64_t declared = ju64(jget(doc, "numberOfTests"), &ok);
    CHECK(tests && tests->type == J_ARR && ok && tests->n == declared && declared > 0,
          "%s: numberOfTests matches", file);
    tally t;
    memset(&t, 0, sizeof t);
    t.file = file;
    t.batch = ballistic_batch_new();
    t.batch_bad = xmalloc((tests ? tests->n : 0) * sizeof *t.batch_bad + 1);
    t.cases = tests ? tests->n : 0;
    const char *file_curve = jstr(doc, "curve");
    for (size_t i = 0; tests && i < tests->n; i += stride) {
        json *tc = tests->items[i];
        ok = 1;
        /* [a, b] cases have no bit width: the range sets it. */
        uint32_t bits = jget(tc, "bits") ? (uint32_t)ju64(jget(tc, "bits"), &ok) : 64;
        const char *domain = jstr(tc, "domain");
        ballistic_params *p = NULL;
        size_t m = 0;
        uint8_t *commitments = NULL;
        if (strcmp(file, "ristretto_range_v1.json") == 0 || strcmp(file, "secp256k1_range_v1.json") == 0) {
            uint32_t curve = curve_of(file_curve);
            p = params_of(curve, BALLISTIC_PROTOCOL_BP, bits, curve == BALLISTIC_CURVE_RISTRETTO255 ? domain : NULL);
            commitments = flat_commitments(jget(tc, "commitments"), ballistic_commitment_len(p), &m);
            if (curve == BALLISTIC_CURVE_SECP256K1) {
                uint64_t generators = ju64(jget(tc, "generators"), &ok);
                /* The default set follows from the shape; any other is named. A
                   count the statement cannot use is refused (as invalid). */
                if (generators != secp256k1_generators(bits, m))
                    ballistic_params_set_generators(p, (size_t)generators);
                const char *extra = jstr(tc, "extra_commit");
                if (extra) {
                    size_t len;
                    uint8_t *bytes = unhex(extra, &len, &ok);
                    CHECK_RC(ballistic_params_set_extra_commit(p, bytes, len), BALLISTIC_OK, "extra");
                    free(bytes);
                }
            }
        } else if (strcmp(file, "bp_plus_v1.json") == 0) {
            p = params_of(curve_of(jstr(tc, "curve")), BALLISTIC_PROTOCOL_BP_PLUS, bits, domain);
            CHECK_RC(ballistic_params_set_extension_degree(p, (uint32_t)ju64(jget(tc, "extensionDegree"), &ok)),
                     BALLISTIC_OK, "degree");
            json *mins = jget(tc, "minValues");
            uint64_t *values = xmalloc((mins ? mins->n : 0) * sizeof *values);
            for (size_t k = 0; mins && k < mins->n; k++)
                values[k] = ju64(mins->items[k], &ok);
            CHECK_RC(ballistic_params_set_min_values(p, values, mins ? mins->n : 0), BALLISTIC_OK, "mins");
            free(values);
            commitments = flat_commitments(jget(tc, "commitments"), ballistic_commitment_len(p), &m);
        } else {
            /* range_ab_v2.json */
            const char *scheme = jstr(tc, "scheme");
            uint32_t curve = curve_of(jstr(tc, "curve"));
            int rewindable = strcmp(scheme, "dalek-rewindable") == 0;
            int zkp = strcmp(scheme, "secp256k1-zkp") == 0;
            int plus = strcmp(scheme, "bp+") == 0;
            p = params_of(curve, plus ? BALLISTIC_PROTOCOL_BP_PLUS : BALLISTIC_PROTOCOL_BP, bits,
                          zkp ? NULL : domain);
            if (zkp) /* secp256k1-zkp's range proofs bind the label as the extra commitment */
                CHECK_RC(ballistic_params_set_extra_commit(p, (const uint8_t *)domain, strlen(domain)),
                         BALLISTIC_OK, "extra");
            if (plus)
                CHECK_RC(ballistic_params_set_extension_degree(p, (uint32_t)ju64(jget(tc, "extensionDegree"), &ok)),
                         BALLISTIC_OK, "degree");
            if (!rewindable)
                CHECK_RC(ballistic_params_set_range(p, ju64(jget(tc, "a"), &ok), ju64(jget(tc, "b"), &ok)),
                         BALLISTIC_OK, "range");
            size_t len;
            commitments = unhex(jstr(tc, "commitment"), &len, &ok);
            m = 1;
            if (len != ballistic_commitment_len(p)) {
                free(commitments);
                commitments = NULL;
            }
        }
        CHECK(ok && commitments, "%s case %zu: readable statement", file, i);
        if (ok && commitments) {
            check_case(&t, tc, p, commitments, m);
            if (jget(tc, "seed"))
                check_plus_seed(&t, tc, p, commitments);
            if (jget(tc, "nonce")) {
                /* A dalek-rewindable case: rewinding gives the recorded opening or fails. */
                size_t nlen, plen;
                uint8_t *nonce = unhex(jstr(tc, "nonce"), &nlen, &ok);
                uint8_t *proof = unhex(jstr(tc, "proof"), &plen, &ok);
                uint8_t blinding[32], message[20];
                uint64_t value = 0;
                size_t count = 0;
                int rc = ballistic_rewind(p, commitments, proof, plen, nonce, NULL, &value, blinding, 32, &count,
                                          message);
                json *rewound = jget(tc, "rewound");
                if (rewound) {
                    size_t bl, ml;
                    uint8_t *wb = unhex(jstr(rewound, "blinding"), &bl, &ok);
                    uint8_t *wm = unhex(jstr(rewound, "message"), &ml, &ok);
                    CHECK(rc == BALLISTIC_OK && value == ju64(jget(rewound, "value"), &ok) &&
                              memcmp(wb, blinding, 32) == 0 && memcmp(wm, message, 20) == 0,
                          "%s case %zu: rewound opening (rc %d: %s)", file, i, rc, last_error());
                    free(wb);
                    free(wm);
                } else {
                    CHECK_RC(rc, BALLISTIC_ERR_REWIND_FAILED, "rewind with the wrong nonce or label");
                }
                free(nonce);
                free(proof);
            }
        }
        free(commitments);
        ballistic_params_free(p);
    }
    check_batch(&t);
    report(&t);
    CHECK(t.skipped == 0, "%s: %zu cases skipped", file, t.skipped);
    CHECK(t.checked + t.skipped > 0 && t.disagree == 0, "%s: every verdict as in the file", file);
    ballistic_batch_free(t.batch);
    free(t.batch_bad);
    json_free(doc);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR [STRIDE]\n", argv[0]);
        return 2;
    }
    size_t stride = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 1;
    if (stride == 0)
        stride = 1;
    printf("ballistic %s C ABI test\n", ballistic_version());
    test_round_trips();
    test_ranges_and_plus_options();
    test_rewind();
    test_batch();
    test_errors();
    static const char *files[] = {"ristretto_range_v1.json", "secp256k1_range_v1.json", "bp_plus_v1.json",
                                  "range_ab_v2.json"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        run_file(argv[1], files[i], stride);
    printf("capi: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
