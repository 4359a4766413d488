#ifndef BUNDLECHECK_CISAL_SHIM_H
#define BUNDLECHECK_CISAL_SHIM_H
// ISA-L's igzip inflate and folded CRC-32. Swift sees only the functions below: the inflate state
// holds fixed arrays of 64 KiB, which Swift would import as tuples of as many elements, so it
// stays behind an untyped pointer and is only ever touched here.
#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <stdint.h>
#include <stdlib.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

// Clears the upper halves of the vector registers ISA-L's AVX-512 code leaves in use. Without it,
// the SSE code that runs next (libcrypto's SHA-256 of every code page, with the SHA extensions)
// ran about 30% slower on an AMD EPYC with AVX-512, measured. A no-op where there is no AVX.
static inline void bundlecheck_isal_leave_vector_state(void) {
#if defined(__x86_64__)
    // 1 when the CPU and the OS enable AVX, 0 when not, -1 until asked (a race only asks twice).
    static int avx = -1;
    int known = __atomic_load_n(&avx, __ATOMIC_RELAXED);
    if (known < 0) {
        unsigned eax, ebx, ecx, edx;
        known = 0;
        if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_OSXSAVE) && (ecx & bit_AVX)) {
            unsigned low, high;
            __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
            known = (low & 6) == 6;
        }
        __atomic_store_n(&avx, known, __ATOMIC_RELAXED);
    }
    if (known) __asm__ volatile("vzeroupper" ::: "memory");
#endif
}

// Makes `state` ready for a new raw deflate stream (RFC 1951, no wrapper, no checksum).
static inline void bundlecheck_isal_inflate_restart(void *state) {
    isal_inflate_init(state);
    ((struct inflate_state *)state)->crc_flag = ISAL_DEFLATE;
}

// A raw deflate stream's state, or NULL without memory.
static inline void *bundlecheck_isal_inflate_create(void) {
    struct inflate_state *state = malloc(sizeof(struct inflate_state));
    if (state != NULL) bundlecheck_isal_inflate_restart(state);
    return state;
}

static inline void bundlecheck_isal_inflate_destroy(void *state) {
    free(state);
}

// Inflates from `input` into `output` as far as either goes; `consumed` and `produced` say how
// far, `finished` whether the stream's last block has been read and all of it handed out.
// Returns ISA-L's status: ISAL_DECOMP_OK (0), or a negative code for damaged data.
static inline int bundlecheck_isal_inflate(void *opaque, const uint8_t *input, uint32_t inputCount, uint8_t *output,
                                           uint32_t outputCount, uint32_t *consumed, uint32_t *produced, int *finished) {
    struct inflate_state *state = opaque;
    // ISA-L reads through next_in and never writes through it.
    state->next_in = (uint8_t *)input;
    state->avail_in = inputCount;
    state->next_out = output;
    state->avail_out = outputCount;
    int status = isal_inflate(state);
    bundlecheck_isal_leave_vector_state();
    *consumed = inputCount - state->avail_in;
    *produced = outputCount - state->avail_out;
    *finished = state->block_state == ISAL_BLOCK_FINISH;
    state->next_in = NULL;
    state->next_out = NULL;
    return status;
}

// The CRC-32 of zip, gzip and PNG (reflected IEEE), carried over `count` bytes from `crc`
// (0 to start), as zlib's crc32 carries it.
static inline uint32_t bundlecheck_isal_crc32(uint32_t crc, const uint8_t *bytes, uint64_t count) {
    uint32_t result = crc32_gzip_refl(crc, bytes, count);
    bundlecheck_isal_leave_vector_state();
    return result;
}

#endif
