// GMP (Debian libgmp-dev) for Swift. GMP's documented names (mpz_add, mpz_powm …) are macros
// over the exported __gmpz_* symbols, which Swift cannot call by the documented name; these
// static inline wrappers give AnonCreds the operations it uses, under the documented names with
// a `cgmp_` prefix. `cgmp_mpz` hides the one-element array type mpz_t so Swift can hold a pointer.
#ifndef VELLUM_CGMP_SHIM_H
#define VELLUM_CGMP_SHIM_H

#include <stddef.h>
#include <gmp.h>

typedef __mpz_struct cgmp_mpz;

static inline void cgmp_init(cgmp_mpz *x) { mpz_init(x); }
static inline void cgmp_init_set(cgmp_mpz *x, const cgmp_mpz *y) { mpz_init_set(x, y); }
static inline void cgmp_clear(cgmp_mpz *x) { mpz_clear(x); }

static inline void cgmp_set(cgmp_mpz *r, const cgmp_mpz *x) { mpz_set(r, x); }
static inline void cgmp_set_si(cgmp_mpz *r, long v) { mpz_set_si(r, v); }
static inline void cgmp_set_ui(cgmp_mpz *r, unsigned long v) { mpz_set_ui(r, v); }
static inline int cgmp_set_str(cgmp_mpz *r, const char *s, int base) { return mpz_set_str(r, s, base); }
static inline char *cgmp_get_str(char *buffer, int base, const cgmp_mpz *x) { return mpz_get_str(buffer, base, x); }
static inline size_t cgmp_sizeinbase(const cgmp_mpz *x, int base) { return mpz_sizeinbase(x, base); }

/// Big-endian, most significant byte first, of |x|.
static inline void cgmp_import_be(cgmp_mpz *r, const unsigned char *bytes, size_t count) {
    mpz_import(r, count, 1, 1, 1, 0, bytes);
}
static inline void cgmp_export_be(unsigned char *bytes, size_t *count, const cgmp_mpz *x) {
    mpz_export(bytes, count, 1, 1, 1, 0, x);
}

static inline void cgmp_add(cgmp_mpz *r, const cgmp_mpz *a, const cgmp_mpz *b) { mpz_add(r, a, b); }
static inline void cgmp_sub(cgmp_mpz *r, const cgmp_mpz *a, const cgmp_mpz *b) { mpz_sub(r, a, b); }
static inline void cgmp_mul(cgmp_mpz *r, const cgmp_mpz *a, const cgmp_mpz *b) { mpz_mul(r, a, b); }
static inline void cgmp_neg(cgmp_mpz *r, const cgmp_mpz *a) { mpz_neg(r, a); }
static inline void cgmp_fdiv_q(cgmp_mpz *q, const cgmp_mpz *n, const cgmp_mpz *d) { mpz_fdiv_q(q, n, d); }
static inline void cgmp_mod(cgmp_mpz *r, const cgmp_mpz *n, const cgmp_mpz *d) { mpz_mod(r, n, d); }
static inline void cgmp_mul_2exp(cgmp_mpz *r, const cgmp_mpz *a, unsigned long bits) { mpz_mul_2exp(r, a, bits); }
static inline void cgmp_fdiv_q_2exp(cgmp_mpz *r, const cgmp_mpz *a, unsigned long bits) { mpz_fdiv_q_2exp(r, a, bits); }
static inline void cgmp_setbit(cgmp_mpz *r, unsigned long bit) { mpz_setbit(r, bit); }
static inline int cgmp_tstbit(const cgmp_mpz *x, unsigned long bit) { return mpz_tstbit(x, bit); }
static inline void cgmp_gcd(cgmp_mpz *r, const cgmp_mpz *a, const cgmp_mpz *b) { mpz_gcd(r, a, b); }

static inline int cgmp_invert(cgmp_mpz *r, const cgmp_mpz *a, const cgmp_mpz *m) { return mpz_invert(r, a, m); }
static inline void cgmp_powm(cgmp_mpz *r, const cgmp_mpz *b, const cgmp_mpz *e, const cgmp_mpz *m) { mpz_powm(r, b, e, m); }
/// Requires e > 0 and m odd; its time and memory access do not depend on e.
static inline void cgmp_powm_sec(cgmp_mpz *r, const cgmp_mpz *b, const cgmp_mpz *e, const cgmp_mpz *m) { mpz_powm_sec(r, b, e, m); }

static inline int cgmp_cmp(const cgmp_mpz *a, const cgmp_mpz *b) { return mpz_cmp(a, b); }
static inline int cgmp_cmp_si(const cgmp_mpz *a, long b) { return mpz_cmp_si(a, b); }
static inline int cgmp_sgn(const cgmp_mpz *a) { return mpz_sgn(a); }
static inline int cgmp_odd_p(const cgmp_mpz *a) { return mpz_odd_p(a); }
static inline int cgmp_fits_slong_p(const cgmp_mpz *a) { return mpz_fits_slong_p(a); }
static inline long cgmp_get_si(const cgmp_mpz *a) { return mpz_get_si(a); }
static inline unsigned long cgmp_fdiv_ui(const cgmp_mpz *n, unsigned long d) { return mpz_fdiv_ui(n, d); }

static inline int cgmp_probab_prime_p(const cgmp_mpz *n, int reps) { return mpz_probab_prime_p(n, reps); }
static inline void cgmp_nextprime(cgmp_mpz *r, const cgmp_mpz *n) { mpz_nextprime(r, n); }

// Limb-level access and GMP's side-channel-silent mpn_sec_* functions, for the fixed-base
// exponentiation table (AnonCreds' FixedBasePowers): sizes are fixed, time and memory access
// do not depend on the values.
typedef mp_limb_t cgmp_limb;
static inline size_t cgmp_size(const cgmp_mpz *x) { return mpz_size(x); }
static inline cgmp_limb cgmp_getlimbn(const cgmp_mpz *x, size_t i) { return mpz_getlimbn(x, (mp_size_t)i); }
/// r = the non-negative integer of `count` limbs, least significant first.
static inline void cgmp_set_limbs(cgmp_mpz *r, const cgmp_limb *limbs, size_t count) {
    mp_limb_t *w = mpz_limbs_write(r, (mp_size_t)count);
    for (size_t i = 0; i < count; i++) w[i] = limbs[i];
    mpz_limbs_finish(r, (mp_size_t)count);
}
/// Scratch limbs `cgmp_sec_mulmod` needs for an `n`-limb modulus.
static inline size_t cgmp_sec_mulmod_itch(size_t n) {
    mp_size_t a = mpn_sec_mul_itch((mp_size_t)n, (mp_size_t)n), b = mpn_sec_div_r_itch(2 * (mp_size_t)n, (mp_size_t)n);
    return (size_t)(a > b ? a : b);
}
/// a = a·b mod m, all `n` limbs (m's top limb non-zero); `product` holds 2n limbs, `scratch` the itch.
static inline void cgmp_sec_mulmod(cgmp_limb *a, const cgmp_limb *b, const cgmp_limb *m, size_t n, cgmp_limb *product, cgmp_limb *scratch) {
    mpn_sec_mul(product, a, (mp_size_t)n, b, (mp_size_t)n, scratch);
    mpn_sec_div_r(product, 2 * (mp_size_t)n, m, (mp_size_t)n, scratch);
    for (size_t i = 0; i < n; i++) a[i] = product[i];
}
/// r = entry `which` of `count` entries of `n` limbs each, reading every entry.
static inline void cgmp_sec_tabselect(cgmp_limb *r, const cgmp_limb *table, size_t n, size_t count, size_t which) {
    mpn_sec_tabselect(r, table, (mp_size_t)n, (mp_size_t)count, (mp_size_t)which);
}

#endif
