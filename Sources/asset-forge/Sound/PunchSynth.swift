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
