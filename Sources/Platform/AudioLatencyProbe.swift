import CSDL2
import Foundation
import Locking

/// Measures when sound really comes out: after `arm()`, the first audible sample of a
/// mixed buffer is timestamped on the audio thread (the time its buffer was handed to
/// the device plus its place in the buffer). For the latency benchmark.
public final class AudioLatencyProbe: Sendable {
    private struct State {
        var armed = false
        var heardAt: Double?
    }

    private let state = Locked(State())

    /// Starts watching for the next sound.
    public func arm() {
        state.withLock { state in
            state.armed = true
            state.heardAt = nil
        }
    }

    /// Monotonic milliseconds at which the first audible sample after `arm()` plays,
    /// or nil if none yet.
    public var heardTime: Double? {
        state.withLock { $0.heardAt }
    }

    /// Monotonic milliseconds, the clock `heardTime` uses.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    func bufferMixed(_ samples: UnsafePointer<Int16>, count: Int, format: SDLAudio.DeviceFormat) {
        let mixedAt = Self.now()
        state.withLock { state in
            guard state.armed, state.heardAt == nil else { return }
            for index in 0..<count where abs(Int(samples[index])) > 64 {
                // Interleaved: frame = index / channels.
                state.heardAt = mixedAt + Double(index / Int(format.channels)) / Double(format.frequency) * 1000
                state.armed = false
                return
            }
        }
    }
}

extension SDLAudio {
    /// Installs a latency probe on the mixer's output (not in lockstep mode, which
    /// uses the same hook for its clock). The device still closes at rest with one
    /// installed, and the probe follows it when it opens again.
    public func installLatencyProbe() -> AudioLatencyProbe? {
        guard isAvailable, !isLockstep else { return nil }
        let probe = AudioLatencyProbe()
        probes.append(probe)
        Mix_SetPostMix(latencyPostMix, Unmanaged.passUnretained(probe).toOpaque())
        return probe
    }

    /// Hooks the last probe installed onto a stream opened again after a rest.
    func reinstallLatencyProbe() {
        guard let probe = probes.last else { return }
        Mix_SetPostMix(latencyPostMix, Unmanaged.passUnretained(probe).toOpaque())
    }
}

private func latencyPostMix(_ userData: UnsafeMutableRawPointer?, _ stream: UnsafeMutablePointer<UInt8>?, _ length: Int32) {
    guard let userData, let stream else { return }
    let probe = Unmanaged<AudioLatencyProbe>.fromOpaque(userData).takeUnretainedValue()
    stream.withMemoryRebound(to: Int16.self, capacity: Int(length) / 2) { samples in
        probe.bufferMixed(samples, count: Int(length) / 2, format: SDLAudio.currentFormat.withLock { $0 })
    }
}
