import Foundation
import StressCore

/// Synthesized sounds: each punch is a pitched-down sine "thump" with a fast decay,
/// a short filtered-noise "slap" on top and a little soft clipping for weight. They
/// start at full attack in the first millisecond: any leading silence is felt as lag
/// between the hit and the sound.
enum PunchSynth {
    static let sampleRate = 48_000
    /// -1 dBFS: loud, with headroom for resampling in the mixer.
    static let punchPeak: Float = 0.891
    /// The click sits well below the punches: it is feedback, not an event.
    static let clickPeak: Float = 0.35

    struct Voice {
        var duration: Float          // seconds
        var startHz: Float           // thump pitch at the hit...
        var endHz: Float             // ...falling to this
        var sweepTime: Float         // time constant of the pitch fall
        var thumpDecay: Float        // time constant of the thump's loudness
        var slapLevel: Float
        var slapDecay: Float
        var slapBrightness: Float    // 0...1: one-pole low-pass coefficient of the noise
        var drive: Float             // soft-clip amount; more is punchier
        var seed: UInt64
    }

    enum Kind {
        case heavy, snappy, deep
        /// The big one's layer: a long sub-bass drop with hardly any noise, felt more than heard.
        case sub

        var voice: Voice {
            switch self {
            case .heavy:
                Voice(duration: 0.30, startHz: 170, endHz: 72, sweepTime: 0.035, thumpDecay: 0.075,
                      slapLevel: 0.55, slapDecay: 0.012, slapBrightness: 0.45, drive: 2.2, seed: 0x5EED_0001)
            case .snappy:
                Voice(duration: 0.24, startHz: 220, endHz: 95, sweepTime: 0.022, thumpDecay: 0.050,
                      slapLevel: 0.85, slapDecay: 0.009, slapBrightness: 0.7, drive: 1.8, seed: 0x5EED_0002)
            case .deep:
                Voice(duration: 0.34, startHz: 140, endHz: 58, sweepTime: 0.05, thumpDecay: 0.095,
                      slapLevel: 0.4, slapDecay: 0.016, slapBrightness: 0.3, drive: 2.6, seed: 0x5EED_0003)
            case .sub:
                Voice(duration: 0.35, startHz: 96, endHz: 38, sweepTime: 0.07, thumpDecay: 0.11,
                      slapLevel: 0.12, slapDecay: 0.02, slapBrightness: 0.2, drive: 3.2, seed: 0x5EED_0004)
            }
        }
    }

    static func punch(_ kind: Kind) -> [Float] {
        let voice = kind.voice
        let count = Int(voice.duration * Float(sampleRate))
        var random = SeededRandom(seed: voice.seed)
        var samples = [Float](repeating: 0, count: count)
        var phase: Double = 0
        var lowPass: Float = 0
        var previousLow: Float = 0
        let dt = 1 / Float(sampleRate)
        for index in 0..<count {
            let t = Float(index) * dt
            // Exponential pitch fall: the "drop" that makes a hit sound heavy.
            let hz = voice.endHz + (voice.startHz - voice.endHz) * exp(-t / voice.sweepTime)
            phase += Double(hz) / Double(sampleRate)
            // Start at a quarter turn (cosine) so the very first sample is already loud.
            let thump = Float(cos(2 * Double.pi * phase)) * exp(-t / voice.thumpDecay)

            // Band-limited noise: low-pass for body, minus the slower low-pass for no rumble.
            let white = random.nextSigned()
            lowPass += voice.slapBrightness * (white - lowPass)
            previousLow += 0.05 * (lowPass - previousLow)
            let slap = (lowPass - previousLow) * voice.slapLevel * exp(-t / voice.slapDecay)

            // A 0.4 ms rise: still loud within the first millisecond, but no step (a
            // jump from silence to full scale is heard as a harsh click).
            let rise = min(1, Float(index + 1) / (0.0004 * Float(sampleRate)))
            samples[index] = rise * tanh(voice.drive * (thump + slap)) / tanh(voice.drive)
        }
        fadeOut(&samples, seconds: 0.015)
        normalize(&samples, peak: punchPeak)
        return samples
    }

    /// The tools' sounds. Each starts loud within the first millisecond (as the
    /// punches do) and is peak-normalised; the soft pillow sits lower.
    enum ToolSound {
        case slap(UInt64), pillow(UInt64), pie(UInt64), tomato(UInt64), mallet(UInt64)
    }

    static func tool(_ sound: ToolSound) -> [Float] {
        let dt = 1 / Float(sampleRate)
        var samples: [Float]
        var peak = punchPeak
        switch sound {
        case .slap(let variant):
            // A bright crack of high-passed noise and a short smack of skin, 160 ms.
            var random = SeededRandom(seed: 0x51A9_0000 &+ variant)
            samples = [Float](repeating: 0, count: Int(0.16 * Float(sampleRate)))
            var low: Float = 0
            let smack: Float = variant == 1 ? 1150 : 1450
            for index in samples.indices {
                let t = Float(index) * dt
                let white = random.nextSigned()
                low += 0.25 * (white - low)
                let crack = (white - low) * exp(-t / (variant == 1 ? 0.018 : 0.012))
                let body = sin(2 * Float.pi * smack * t * (1 - t * 1.5)) * exp(-t / 0.02) * 0.5
                let thud = cos(2 * Float.pi * 180 * t) * exp(-t / 0.025) * 0.4
                samples[index] = tanh(1.8 * (crack + body + thud))
            }
        case .pillow(let variant):
            // A soft whump: dark noise swelling in a few milliseconds, a low body, 300 ms.
            var random = SeededRandom(seed: 0x9111_0000 &+ variant)
            samples = [Float](repeating: 0, count: Int(0.30 * Float(sampleRate)))
            var low: Float = 0, lower: Float = 0
            let hz: Float = variant == 1 ? 95 : 120
            for index in samples.indices {
                let t = Float(index) * dt
                low += 0.06 * (random.nextSigned() - low)
                lower += 0.3 * (low - lower)
                let puff = lower * 6 * exp(-t / (variant == 1 ? 0.07 : 0.055))
                let body = cos(2 * Float.pi * hz * t) * exp(-t / 0.05) * 0.7
                samples[index] = tanh(1.2 * (puff + body))
            }
            peak = 0.6
        case .pie(let variant):
            // A wet splat and a squelch that wobbles down in pitch, 320 ms.
            var random = SeededRandom(seed: 0x91E0_0000 &+ variant)
            samples = [Float](repeating: 0, count: Int(0.32 * Float(sampleRate)))
            var low: Float = 0
            var phase: Double = 0
            for index in samples.indices {
                let t = Float(index) * dt
                low += 0.35 * (random.nextSigned() - low)
                let splat = low * 1.6 * exp(-t / 0.035)
                let hz = (variant == 1 ? 260 : 330) * exp(-t / 0.12) + 90 + 25 * sin(2 * Float.pi * 17 * t)
                phase += Double(hz) / Double(sampleRate)
                let squelch = Float(sin(2 * Double.pi * phase)) * exp(-t / 0.09) * 0.8
                samples[index] = tanh(1.6 * (splat + squelch))
            }
        case .tomato(let variant):
            // A juicy splat (noise through a resonance sweeping down) and two drips, 330 ms.
            var random = SeededRandom(seed: 0x7043_0000 &+ variant)
            samples = [Float](repeating: 0, count: Int(0.33 * Float(sampleRate)))
            var band: Float = 0, velocity: Float = 0
            let drips: [(Float, Float)] = variant == 1 ? [(0.17, 980), (0.25, 1250)] : [(0.15, 1100), (0.23, 860)]
            for index in samples.indices {
                let t = Float(index) * dt
                // A two-pole resonator tuned from 1.4 kHz down to 300 Hz.
                let tune = 2 * Float.pi * (300 + 1100 * exp(-t / 0.03)) / Float(sampleRate)
                velocity += (random.nextSigned() * 0.9 - band) * tune * tune - velocity * 0.08
                band += velocity
                var value = band * 2.2 * exp(-t / 0.05) + cos(2 * Float.pi * 140 * t) * exp(-t / 0.03) * 0.6
                for (start, hz) in drips where t >= start {
                    let u = t - start
                    value += sin(2 * Float.pi * hz * u * (1 + u * 6)) * exp(-u / 0.012) * 0.35
                }
                samples[index] = tanh(1.5 * value)
            }
        case .mallet(let variant):
            // A rubbery bonk: a thump and a boing whose pitch wobbles as it dies, 340 ms.
            samples = [Float](repeating: 0, count: Int(0.34 * Float(sampleRate)))
            var phase: Double = 0
            let base: Float = variant == 1 ? 300 : 380
            for index in samples.indices {
                let t = Float(index) * dt
                let thump = cos(2 * Float.pi * (150 * t - 40 * t * t)) * exp(-t / 0.04)
                let hz = base * (1 + 0.12 * sin(2 * Float.pi * 14 * t) * exp(-t / 0.2))
                phase += Double(hz) / Double(sampleRate)
                let boing = Float(cos(2 * Double.pi * phase)) * exp(-t / 0.11) * 0.6
                samples[index] = tanh(2 * (thump + boing))
            }
        }
        for index in 0..<min(samples.count, Int(0.0004 * Float(sampleRate))) {
            samples[index] *= Float(index + 1) / (0.0004 * Float(sampleRate))
        }
        fadeOut(&samples, seconds: 0.015)
        normalize(&samples, peak: peak)
        return samples
    }

    /// A short soft UI tick: a 2.4 kHz blip (with a 1.2 kHz body) rising in 0.25 ms and
    /// dying away in a few milliseconds.
    static func click() -> [Float] {
        let count = Int(0.035 * Float(sampleRate))
        let dt = 1 / Float(sampleRate)
        var samples = [Float](repeating: 0, count: count)
        for index in 0..<count {
            let t = Float(index) * dt
            // Rise over 0.25 ms: instant enough, yet no hard click from a step.
            let rise = min(1, (t + dt) / 0.00025)
            let tone = sin(2 * Float.pi * 2400 * t) * 0.8 + sin(2 * Float.pi * 1200 * t) * 0.35
            samples[index] = tone * rise * exp(-t / 0.006)
        }
        fadeOut(&samples, seconds: 0.005)
        normalize(&samples, peak: clickPeak)
        return samples
    }

    private static func fadeOut(_ samples: inout [Float], seconds: Float) {
        let length = min(samples.count, Int(seconds * Float(sampleRate)))
        guard length > 0 else { return }
        for offset in 0..<length {
            samples[samples.count - 1 - offset] *= Float(offset) / Float(length)
        }
    }

    private static func normalize(_ samples: inout [Float], peak: Float) {
        let loudest = samples.reduce(0) { max($0, abs($1)) }
        guard loudest > 0 else { return }
        let gain = peak / loudest
        for index in samples.indices { samples[index] *= gain }
    }
}
