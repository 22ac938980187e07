#include "CRasterKernels.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

/// AVX2 needs the CPU flag and the OS saving the YMM registers (XCR0 bits 1 and 2).
static int detect_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 0;  // OSXSAVE, AVX
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) != 0;
}
#else
static int detect_avx2(void) { return 0; }
#endif

// -1: not asked yet. Written with the same value by any racing first callers.
static int supported = -1;
static int baselineForced = -1;
static int usable = -1;
static int enabled = 1;

int rk_avx2_supported(void) {
    int value = __atomic_load_n(&supported, __ATOMIC_RELAXED);
    if (value < 0) {
        value = detect_avx2();
        __atomic_store_n(&supported, value, __ATOMIC_RELAXED);
    }
    return value;
}

int rk_simd_baseline_forced(void) {
    int value = __atomic_load_n(&baselineForced, __ATOMIC_RELAXED);
    if (value < 0) {
        const char *setting = getenv("STRESSPUNCH_SIMD");
        value = setting != NULL && strcmp(setting, "baseline") == 0;
        __atomic_store_n(&baselineForced, value, __ATOMIC_RELAXED);
    }
    return value;
}

// The CPU and the environment are asked once; every row of every kernel asks this.
static int avx2_usable(void) {
    int value = __atomic_load_n(&usable, __ATOMIC_RELAXED);
    if (value < 0) {
        value = rk_avx2_supported() && !rk_simd_baseline_forced();
        __atomic_store_n(&usable, value, __ATOMIC_RELAXED);
    }
    return value;
}

int rk_avx2_enabled(void) { return __atomic_load_n(&enabled, __ATOMIC_RELAXED) && avx2_usable(); }

void rk_set_avx2_enabled(int value) { __atomic_store_n(&enabled, value ? 1 : 0, __ATOMIC_RELAXED); }

void rk_prefetch_run(const uint32_t *pixels, intptr_t width, int32_t u, int32_t v, int32_t du, int32_t dv,
                     intptr_t count) {
    for (intptr_t i = 0; i < count; i++) {
        const uint32_t *texel = pixels + ((intptr_t)(v >> 16) * width + (intptr_t)(u >> 16));
        __builtin_prefetch(texel, 0, 3);
        __builtin_prefetch(texel + width, 0, 3);
        u = (int32_t)((uint32_t)u + (uint32_t)du);
        v = (int32_t)((uint32_t)v + (uint32_t)dv);
    }
}

void rk_prefetch_read(const uint32_t *pixels, intptr_t count) {
    for (intptr_t i = 0; i < count; i += 16) __builtin_prefetch(pixels + i, 0, 3);
    if (count > 0) __builtin_prefetch(pixels + count - 1, 0, 3);
}

void rk_prefetch_write(uint32_t *row, intptr_t count) {
    for (intptr_t i = 0; i < count; i += 16) __builtin_prefetch(row + i, 1, 3);
    if (count > 0) __builtin_prefetch(row + count - 1, 1, 3);
}

#if defined(__x86_64__)

/// (a·256 + (b − a)·w) >> 8 in 16-bit lanes: exactly Pixel.lerp (the wrap inside a
/// lane cancels, the true value lies in 0...65280).
__attribute__((target("avx2"))) static inline __m256i lerp16(__m256i a, __m256i b, __m256i w) {
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_slli_epi16(a, 8), _mm256_mullo_epi16(_mm256_sub_epi16(b, a), w)), 8);
}

/// Four samples from four texel pairs of the top and bottom rows (each gathered as one
/// 64-bit [left, right]), with per-pixel 16-bit weights. The result holds the four
/// samples' channels in 16-bit lanes, pixels 0, 1 in the low 128 bits and 2, 3 above.
__attribute__((target("avx2"))) static inline __m256i four(__m256i top, __m256i bottom, __m256i fx, __m256i fy) {
    const __m256i zero = _mm256_setzero_si256();
    // Per 128-bit lane [L0 R0 L1 R1] -> [L0 L1 R0 R1], then bytes to 16-bit lanes.
    top = _mm256_shuffle_epi32(top, _MM_SHUFFLE(3, 1, 2, 0));
    bottom = _mm256_shuffle_epi32(bottom, _MM_SHUFFLE(3, 1, 2, 0));
    __m256i upper = lerp16(_mm256_unpacklo_epi8(top, zero), _mm256_unpackhi_epi8(top, zero), fx);
    __m256i lower = lerp16(_mm256_unpacklo_epi8(bottom, zero), _mm256_unpackhi_epi8(bottom, zero), fx);
    return lerp16(upper, lower, fy);
}

static inline int32_t wrapMul(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }

/// The texel pairs of four samples ([left, right] per sample, from the top row and the
/// one below), laid out for `four`. Eight 64-bit loads rather than two gathers: on the
/// AMD cores measured, a gather cost more than the loads it stands for.
__attribute__((target("avx2"))) static inline void gatherPairs(const uint32_t *pixels, intptr_t width, __m128i index,
                                                              __m256i *top, __m256i *bottom) {
    const uint32_t *p0 = pixels + _mm_extract_epi32(index, 0), *p1 = pixels + _mm_extract_epi32(index, 1);
    const uint32_t *p2 = pixels + _mm_extract_epi32(index, 2), *p3 = pixels + _mm_extract_epi32(index, 3);
    __m128i first = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)p0)), (const double *)p1));
    __m128i second = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)p2)), (const double *)p3));
    *top = _mm256_inserti128_si256(_mm256_castsi128_si256(first), second, 1);
    p0 += width; p1 += width; p2 += width; p3 += width;
    first = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)p0)), (const double *)p1));
    second = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)p2)), (const double *)p3));
    *bottom = _mm256_inserti128_si256(_mm256_castsi128_si256(first), second, 1);
}

/// Asks for the texel pair rows a sample at (u, v) reads, without waiting. The point
/// may lie off the picture (a row ahead runs past its edge): the address is only
/// computed, never read, and a prefetch of any address is harmless.
static inline void prefetchPairRows(const uint32_t *pixels, intptr_t width, int32_t u, int32_t v) {
    uintptr_t texel = (uintptr_t)pixels + (uintptr_t)(((intptr_t)(v >> 16) * width + (intptr_t)(u >> 16)) * 4);
    __builtin_prefetch((const void *)texel, 0, 3);
    __builtin_prefetch((const void *)(texel + (uintptr_t)width * 4), 0, 3);
}

/// Eight bilinear samples at 16.16 points (us, vs), each with its four texels inside,
/// stored to `out`: the arithmetic both the run and the points kernels share.
__attribute__((target("avx2"))) static inline void sampleEight(const uint32_t *pixels, intptr_t width, __m256i us, __m256i vs,
                                                              uint32_t *out) {
    const __m256i widths = _mm256_set1_epi32((int32_t)width);
    const __m256i byteMask = _mm256_set1_epi32(0xFF);
    // Which sample each dword of a four-sample group belongs to: pixels 0, 1 in the
    // low half, 2, 3 in the high half, two dwords each (a texel pair, or a weight
    // over its pixel's four 16-bit lanes).
    const __m256i firstFour = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3);
    const __m256i lastFour = _mm256_setr_epi32(4, 4, 5, 5, 6, 6, 7, 7);
    __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(vs, 16), widths), _mm256_srai_epi32(us, 16));
    __m256i top0, bottom0, top1, bottom1;
    gatherPairs(pixels, width, _mm256_castsi256_si128(index), &top0, &bottom0);
    gatherPairs(pixels, width, _mm256_extracti128_si256(index, 1), &top1, &bottom1);
    // The 8-bit weights: the top byte of each 16-bit fraction, in both halves of its dword.
    __m256i fx = _mm256_and_si256(_mm256_srli_epi32(us, 8), byteMask);
    __m256i fy = _mm256_and_si256(_mm256_srli_epi32(vs, 8), byteMask);
    fx = _mm256_or_si256(fx, _mm256_slli_epi32(fx, 16));
    fy = _mm256_or_si256(fy, _mm256_slli_epi32(fy, 16));
    __m256i first = four(top0, bottom0, _mm256_permutevar8x32_epi32(fx, firstFour), _mm256_permutevar8x32_epi32(fy, firstFour));
    __m256i second = four(top1, bottom1, _mm256_permutevar8x32_epi32(fx, lastFour), _mm256_permutevar8x32_epi32(fy, lastFour));
    // Pack lanes: [p0 p1 p4 p5 | p2 p3 p6 p7] as 64-bit pieces, then put them in order.
    __m256i packed = _mm256_packus_epi16(first, second);
    packed = _mm256_permute4x64_epi64(packed, _MM_SHUFFLE(3, 1, 2, 0));
    _mm256_storeu_si256((__m256i *)out, packed);
}

__attribute__((target("avx2"))) intptr_t rk_bilinear_run_avx2(const uint32_t *pixels, intptr_t width, int32_t u, int32_t v,
                                                              int32_t du, int32_t dv, intptr_t count, uint32_t *out,
                                                              int32_t aheadU, int32_t aheadV) {
    // The prefetch point: this group's first sample, moved to the row ahead. A group
    // that spans more than a cache line of the picture (a picture shown smaller than
    // it is) asks for its middle too.
    const int prefetching = aheadU != 0 || aheadV != 0;
    const int wideGroups = prefetching && (du > (2 << 16) || du < -(2 << 16) || dv > (2 << 16) || dv < -(2 << 16));
    int32_t aheadAtU = (int32_t)((uint32_t)u + (uint32_t)aheadU), aheadAtV = (int32_t)((uint32_t)v + (uint32_t)aheadV);
    const int32_t groupU = wrapMul(du, 8), groupV = wrapMul(dv, 8);
    const int32_t halfU = wrapMul(du, 4), halfV = wrapMul(dv, 4);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // Int32 steps wrap exactly as the Swift code's &+ does.
    __m256i us = _mm256_add_epi32(_mm256_set1_epi32(u), _mm256_mullo_epi32(lanes, _mm256_set1_epi32(du)));
    __m256i vs = _mm256_add_epi32(_mm256_set1_epi32(v), _mm256_mullo_epi32(lanes, _mm256_set1_epi32(dv)));
    const __m256i stepU = _mm256_set1_epi32(wrapMul(du, 8));
    const __m256i stepV = _mm256_set1_epi32(wrapMul(dv, 8));
    intptr_t done = 0;
    for (; done + 8 <= count; done += 8) {
        if (prefetching) {
            prefetchPairRows(pixels, width, aheadAtU, aheadAtV);
            if (wideGroups) {
                prefetchPairRows(pixels, width, (int32_t)((uint32_t)aheadAtU + (uint32_t)halfU),
                                 (int32_t)((uint32_t)aheadAtV + (uint32_t)halfV));
            }
            aheadAtU = (int32_t)((uint32_t)aheadAtU + (uint32_t)groupU);
            aheadAtV = (int32_t)((uint32_t)aheadAtV + (uint32_t)groupV);
        }
        sampleEight(pixels, width, us, vs, out + done);
        us = _mm256_add_epi32(us, stepU);
        vs = _mm256_add_epi32(vs, stepV);
    }
    return done;
}

__attribute__((target("avx2"))) intptr_t rk_bilinear_points_avx2(const uint32_t *pixels, intptr_t width, const int32_t *us,
                                                                 const int32_t *vs, intptr_t count, uint32_t *out) {
    intptr_t done = 0;
    for (; done + 8 <= count; done += 8) {
        // As the run kernel, with each group's coordinates loaded instead of stepped.
        sampleEight(pixels, width, _mm256_loadu_si256((const __m256i *)(us + done)),
                    _mm256_loadu_si256((const __m256i *)(vs + done)), out + done);
    }
    return done;
}

__attribute__((target("avx2"))) int rk_dent_points_avx2(const int32_t *blended, intptr_t columns, intptr_t offset, int32_t u,
                                                        int32_t v, int32_t du, int32_t dv, intptr_t count, int32_t *pointsU,
                                                        int32_t *pointsV, int32_t *shades, int32_t insideU, int32_t insideV) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i inverses = _mm256_sub_epi32(_mm256_set1_epi32(8), lanes);
    const __m256i zero = _mm256_setzero_si256(), limitU = _mm256_set1_epi32(insideU), limitV = _mm256_set1_epi32(insideV);
    const __m256i stepsU = _mm256_mullo_epi32(_mm256_set1_epi32(du), lanes), stepsV = _mm256_mullo_epi32(_mm256_set1_epi32(dv), lanes);
    __m256i outside = zero;
    int allInside = 1;
    intptr_t index = 0;
    while (index < count) {
        // The cell's two columns and where in it this pixel falls, clamped as DentField's.
        intptr_t column = offset >> 3;
        if (column > columns - 2) column = columns - 2;
        if (column < 0) column = 0;
        const int32_t *left = blended + column * 3, *right = left + 3;
        intptr_t start = offset - column * 8;
        if (start < 0) start = 0;
        if (start > 8) start = 8;
        intptr_t end = index + (8 - start > 1 ? 8 - start : 1);
        if (end > count) end = count;
        if (start == 0 && end - index == 8) {
            // A whole cell: its eight pixels at once.
            __m256i su = _mm256_add_epi32(_mm256_add_epi32(_mm256_set1_epi32(u), stepsU),
                _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(_mm256_set1_epi32(left[0]), inverses),
                                                   _mm256_mullo_epi32(_mm256_set1_epi32(right[0]), lanes)), 3));
            __m256i sv = _mm256_add_epi32(_mm256_add_epi32(_mm256_set1_epi32(v), stepsV),
                _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(_mm256_set1_epi32(left[1]), inverses),
                                                   _mm256_mullo_epi32(_mm256_set1_epi32(right[1]), lanes)), 3));
            __m256i shade = _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(_mm256_set1_epi32(left[2]), inverses),
                                                               _mm256_mullo_epi32(_mm256_set1_epi32(right[2]), lanes)), 3);
            _mm256_storeu_si256((__m256i *)(pointsU + index), su);
            _mm256_storeu_si256((__m256i *)(pointsV + index), sv);
            _mm256_storeu_si256((__m256i *)(shades + index), shade);
            // Outside where a point is negative or not below its limit.
            outside = _mm256_or_si256(outside, _mm256_or_si256(_mm256_cmpgt_epi32(zero, su), _mm256_cmpgt_epi32(zero, sv)));
            outside = _mm256_or_si256(outside, _mm256_or_si256(_mm256_xor_si256(_mm256_cmpgt_epi32(limitU, su), _mm256_set1_epi32(-1)),
                                                               _mm256_xor_si256(_mm256_cmpgt_epi32(limitV, sv), _mm256_set1_epi32(-1))));
            u = (int32_t)((uint32_t)u + (uint32_t)du * 8u);
            v = (int32_t)((uint32_t)v + (uint32_t)dv * 8u);
            index += 8;
            offset += 8;
            continue;
        }
        int32_t weight = (int32_t)start;
        for (; index < end; index++, offset++, weight++) {
            int32_t inverse = 8 - weight;
            int32_t su = (int32_t)((uint32_t)u + (uint32_t)((int32_t)((uint32_t)left[0] * (uint32_t)inverse + (uint32_t)right[0] * (uint32_t)weight) >> 3));
            int32_t sv = (int32_t)((uint32_t)v + (uint32_t)((int32_t)((uint32_t)left[1] * (uint32_t)inverse + (uint32_t)right[1] * (uint32_t)weight) >> 3));
            pointsU[index] = su;
            pointsV[index] = sv;
            shades[index] = (int32_t)((uint32_t)left[2] * (uint32_t)inverse + (uint32_t)right[2] * (uint32_t)weight) >> 3;
            allInside = allInside && su >= 0 && sv >= 0 && su < insideU && sv < insideV;
            u = (int32_t)((uint32_t)u + (uint32_t)du);
            v = (int32_t)((uint32_t)v + (uint32_t)dv);
        }
    }
    return allInside && _mm256_testz_si256(outside, outside);
}

#else

int rk_dent_points_avx2(const int32_t *blended, intptr_t columns, intptr_t offset, int32_t u, int32_t v, int32_t du, int32_t dv,
                        intptr_t count, int32_t *pointsU, int32_t *pointsV, int32_t *shades, int32_t insideU, int32_t insideV) {
    (void)blended; (void)columns; (void)offset; (void)u; (void)v; (void)du; (void)dv; (void)count;
    (void)pointsU; (void)pointsV; (void)shades; (void)insideU; (void)insideV;
    return -1;
}

intptr_t rk_bilinear_points_avx2(const uint32_t *pixels, intptr_t width, const int32_t *us, const int32_t *vs,
                                 intptr_t count, uint32_t *out) {
    (void)pixels; (void)width; (void)us; (void)vs; (void)count; (void)out;
    return 0;
}

intptr_t rk_bilinear_run_avx2(const uint32_t *pixels, intptr_t width, int32_t u, int32_t v, int32_t du, int32_t dv,
                              intptr_t count, uint32_t *out, int32_t aheadU, int32_t aheadV) {
    (void)pixels; (void)width; (void)u; (void)v; (void)du; (void)dv; (void)count; (void)out; (void)aheadU; (void)aheadV;
    return 0;
}

#endif
