#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

/// Pixel.scale in 16-bit lanes: t = x·f + 128, (t + t >> 8) >> 8 (no lane overflows).
__attribute__((target("avx2"))) static inline __m256i scale16(__m256i x, __m256i f) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, f), _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

__attribute__((target("avx2"))) intptr_t rk_blend_solid_avx2(uint32_t *row, intptr_t count, uint32_t source,
                                                             uint32_t inverse) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i factor = _mm256_set1_epi16((short)inverse);
    const __m256i add = _mm256_set1_epi32((int)source);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i pixels = _mm256_loadu_si256((const __m256i *)(row + i));
        // Unpacking and packing work per 128-bit lane alike, so the order comes back.
        __m256i low = scale16(_mm256_unpacklo_epi8(pixels, zero), factor);
        __m256i high = scale16(_mm256_unpackhi_epi8(pixels, zero), factor);
        _mm256_storeu_si256((__m256i *)(row + i), _mm256_add_epi32(_mm256_packus_epi16(low, high), add));
    }
    return i;
}

/// source + scale(row, 255 − source alpha) for eight pixels. Opaque sources give the
/// source and empty ones the row unchanged, as Pixel.over's shortcuts do.
__attribute__((target("avx2"))) static inline __m256i over8(__m256i source, __m256i row) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i full = _mm256_set1_epi16(255);
    __m256i sourceLow = _mm256_unpacklo_epi8(source, zero), sourceHigh = _mm256_unpackhi_epi8(source, zero);
    // Each pixel's alpha (its fourth 16-bit lane) over all four of its lanes.
    __m256i inverseLow = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sourceLow, 0xFF), 0xFF));
    __m256i inverseHigh = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sourceHigh, 0xFF), 0xFF));
    __m256i low = scale16(_mm256_unpacklo_epi8(row, zero), inverseLow);
    __m256i high = scale16(_mm256_unpackhi_epi8(row, zero), inverseHigh);
    return _mm256_add_epi32(_mm256_packus_epi16(low, high), source);
}

__attribute__((target("avx2"))) intptr_t rk_over_avx2(const uint32_t *source, uint32_t *row, intptr_t count) {
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i from = _mm256_loadu_si256((const __m256i *)(source + i));
        // Fully transparent or fully opaque groups (most of a sprite) need no arithmetic.
        if (_mm256_testz_si256(from, from)) continue;
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(from, opaque), opaque)) == -1) {
            _mm256_storeu_si256((__m256i *)(row + i), from);
            continue;
        }
        __m256i to = _mm256_loadu_si256((const __m256i *)(row + i));
        _mm256_storeu_si256((__m256i *)(row + i), over8(from, to));
    }
    return i;
}

__attribute__((target("avx2"))) intptr_t rk_fill_avx2(uint32_t *row, intptr_t count, uint32_t value) {
    const __m256i pixels = _mm256_set1_epi32((int)value);
    intptr_t i = 0;
    for (; i + 32 <= count; i += 32) {
        _mm256_storeu_si256((__m256i *)(row + i), pixels);
        _mm256_storeu_si256((__m256i *)(row + i + 8), pixels);
        _mm256_storeu_si256((__m256i *)(row + i + 16), pixels);
        _mm256_storeu_si256((__m256i *)(row + i + 24), pixels);
    }
    for (; i + 8 <= count; i += 8) _mm256_storeu_si256((__m256i *)(row + i), pixels);
    return i;
}

/// row[0..8] = Pixel.over(solid, row, coverage: level) for eight pixels, one 0...255
/// level per 32-bit lane of `levels`; `color` is the solid colour's channels in
/// 16-bit lanes. The step both coverage kernels share.
__attribute__((target("avx2"))) static inline void overSolidAtLevels(uint32_t *row, __m256i levels, __m256i color) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i full = _mm256_set1_epi16(255);
    // Which level each 16-bit lane of an unpacked half takes: pixels 0, 1 | 4, 5
    // (low) and 2, 3 | 6, 7 (high), as unpacking orders them within 128-bit lanes.
    const __m256i lowOrder = _mm256_setr_epi32(0, 0, 1, 1, 4, 4, 5, 5);
    const __m256i highOrder = _mm256_setr_epi32(2, 2, 3, 3, 6, 6, 7, 7);
    // Each pixel's level over all four of its 16-bit lanes.
    __m256i spread = _mm256_or_si256(levels, _mm256_slli_epi32(levels, 16));
    __m256i coverLow = _mm256_permutevar8x32_epi32(spread, lowOrder);
    __m256i coverHigh = _mm256_permutevar8x32_epi32(spread, highOrder);
    // The source faded by its level (Pixel.scale), then over the row.
    __m256i sourceLow = scale16(color, coverLow), sourceHigh = scale16(color, coverHigh);
    __m256i inverseLow = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sourceLow, 0xFF), 0xFF));
    __m256i inverseHigh = _mm256_sub_epi16(full, _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sourceHigh, 0xFF), 0xFF));
    __m256i to = _mm256_loadu_si256((const __m256i *)row);
    __m256i low = scale16(_mm256_unpacklo_epi8(to, zero), inverseLow);
    __m256i high = scale16(_mm256_unpackhi_epi8(to, zero), inverseHigh);
    __m256i source = _mm256_packus_epi16(sourceLow, sourceHigh);
    _mm256_storeu_si256((__m256i *)row, _mm256_add_epi32(_mm256_packus_epi16(low, high), source));
}

__attribute__((target("avx2"))) intptr_t rk_cover_solid_avx2(uint32_t *row, const float *coverage, intptr_t count,
                                                             uint32_t solid) {
    const __m256i color = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)solid), _mm256_setzero_si256());
    const __m256 one = _mm256_set1_ps(1), levels = _mm256_set1_ps(255), half = _mm256_set1_ps(0.5f);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        // c = Int(min(1, coverage) · 255 + 0.5), truncated as Swift's UInt32(_:) does;
        // min_ps gives 1 for NaN, as Swift's min(1, x) does.
        __m256i levelsNow = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_min_ps(_mm256_loadu_ps(coverage + i), one), levels), half));
        if (_mm256_testz_si256(levelsNow, levelsNow)) continue;
        overSolidAtLevels(row + i, levelsNow, color);
    }
    return i;
}

__attribute__((target("avx2"))) intptr_t rk_mask_solid_avx2(uint32_t *row, const uint8_t *mask, intptr_t count,
                                                            uint32_t solid) {
    // As rk_cover_solid_avx2, with each pixel's level a mask byte as it is.
    const __m256i color = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)solid), _mm256_setzero_si256());
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m128i bytes = _mm_loadl_epi64((const __m128i *)(mask + i));
        // A glyph mask is mostly empty bytes: those groups leave the row alone.
        if (_mm_testz_si128(bytes, bytes)) continue;
        overSolidAtLevels(row + i, _mm256_cvtepu8_epi32(bytes), color);
    }
    return i;
}

/// (a·256 + (b − a)·w) >> 8 in 16-bit lanes, w in 0...256: exactly Pixel.lerp (the
/// wrap inside a lane cancels, the true value lies in 0...65280).
__attribute__((target("avx2"))) static inline __m256i lerp16(__m256i a, __m256i b, __m256i w) {
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_slli_epi16(a, 8), _mm256_mullo_epi16(_mm256_sub_epi16(b, a), w)), 8);
}

/// Each pixel's alpha (its fourth 16-bit lane) over all four of its lanes.
__attribute__((target("avx2"))) static inline __m256i alphas16(__m256i pixels16) {
    return _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(pixels16, 0xFF), 0xFF);
}

/// Four unpacked samples tinted toward the flash colour (scaled by each one's alpha)
/// by `weight`, then faded by `fade`: Pixel.lerp, then Pixel.scale.
__attribute__((target("avx2"))) static inline __m256i tint16(__m256i sample, __m256i flash, __m256i weight, __m256i fade) {
    __m256i tinted = lerp16(sample, scale16(flash, alphas16(sample)), weight);
    return scale16(tinted, fade);
}

__attribute__((target("avx2"))) intptr_t rk_tint_over_avx2(const uint32_t *samples, uint32_t *row, intptr_t count,
                                                           uint32_t flash, uint32_t weight, uint32_t fade) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i full = _mm256_set1_epi16(255);
    const __m256i flash16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)flash), zero);
    const __m256i weights = _mm256_set1_epi16((short)weight), fades = _mm256_set1_epi16((short)fade);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i from = _mm256_loadu_si256((const __m256i *)(samples + i));
        // Transparent samples tint and fade to nothing: the row stays as it is.
        if (_mm256_testz_si256(from, from)) continue;
        __m256i low = tint16(_mm256_unpacklo_epi8(from, zero), flash16, weights, fades);
        __m256i high = tint16(_mm256_unpackhi_epi8(from, zero), flash16, weights, fades);
        __m256i to = _mm256_loadu_si256((const __m256i *)(row + i));
        __m256i keptLow = scale16(_mm256_unpacklo_epi8(to, zero), _mm256_sub_epi16(full, alphas16(low)));
        __m256i keptHigh = scale16(_mm256_unpackhi_epi8(to, zero), _mm256_sub_epi16(full, alphas16(high)));
        __m256i source = _mm256_packus_epi16(low, high);
        _mm256_storeu_si256((__m256i *)(row + i), _mm256_add_epi32(_mm256_packus_epi16(keptLow, keptHigh), source));
    }
    return i;
}

#else

intptr_t rk_tint_over_avx2(const uint32_t *samples, uint32_t *row, intptr_t count, uint32_t flash, uint32_t weight,
                           uint32_t fade) {
    (void)samples; (void)row; (void)count; (void)flash; (void)weight; (void)fade;
    return 0;
}

intptr_t rk_fill_avx2(uint32_t *row, intptr_t count, uint32_t value) {
    (void)row; (void)count; (void)value;
    return 0;
}

intptr_t rk_cover_solid_avx2(uint32_t *row, const float *coverage, intptr_t count, uint32_t solid) {
    (void)row; (void)coverage; (void)count; (void)solid;
    return 0;
}

intptr_t rk_mask_solid_avx2(uint32_t *row, const uint8_t *mask, intptr_t count, uint32_t solid) {
    (void)row; (void)mask; (void)count; (void)solid;
    return 0;
}

intptr_t rk_blend_solid_avx2(uint32_t *row, intptr_t count, uint32_t source, uint32_t inverse) {
    (void)row; (void)count; (void)source; (void)inverse;
    return 0;
}

intptr_t rk_over_avx2(const uint32_t *source, uint32_t *row, intptr_t count) {
    (void)source; (void)row; (void)count;
    return 0;
}

#endif
