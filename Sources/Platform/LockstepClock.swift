import CSDL2
import Foundation

/// Keeps a headless run's audio in step with its simulated clock.
///
/// The audio thread, after mixing buffer k, waits until the simulation has handled
/// everything before the start of buffer k+1, then starts the sounds scheduled before
/// that instant. So a sound triggered at simulated time t starts exactly at the first
/// buffer boundary after t, whatever the speed of either thread. The main thread
/// never waits on audio while the run goes on (only at `finish`, for the last
/// buffers), and never calls SDL_mixer while the audio thread holds its lock (sounds
/// are handed over through `pending`), so the two cannot deadlock.
final class LockstepClock: @unchecked Sendable {
    // @unchecked: all fields are guarded by `condition`.
    private let condition = NSCondition()
    private var simulatedTime: Double = 0
    private var finished = false
    private var buffersMixed = 0
    /// Start of the next buffer the audio thread will mix (simulated seconds).
    private var nextBufferStart: Double
    private var pending: [(chunk: UnsafeMutablePointer<Mix_Chunk>, volume: Int32, time: Double)] = []
    /// Touched only on the audio thread.
    private var channelsAllocated = false
    /// The simulated time the device opened at (after a lost device came back).
    private let startTime: Double
    private let capture: LockstepCapture?

    init(startTime: Double = 0, capture: LockstepCapture? = nil) {
        self.startTime = startTime
        self.capture = capture
        simulatedTime = startTime
        nextBufferStart = startTime
    }

    func schedule(chunk: UnsafeMutablePointer<Mix_Chunk>, volume: Int32, at time: Double) {
        condition.lock()
        pending.append((chunk, volume, time))
        condition.unlock()
    }

    func advance(to time: Double) {
        condition.lock()
        simulatedTime = max(simulatedTime, time)
        condition.broadcast()
        condition.unlock()
    }

    /// Lets the audio thread go for good. With a capture, once it has mixed every
    /// buffer the simulation reached (so the capture ends in the same place on every
    /// run; the disk driver mixes as fast as it can, so that is quick), waiting two
    /// seconds at most for a device that stopped mixing. Without one (the dummy
    /// driver, which plays in real time) nothing is waited for.
    func finish() {
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: 2)
        while capture != nil, nextBufferStart <= simulatedTime, condition.wait(until: deadline) {}
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Called on the audio thread after each mixed buffer of `length` bytes.
    func bufferMixed(_ stream: UnsafeMutablePointer<UInt8>, length: Int, format: SDLAudio.DeviceFormat) {
        if !channelsAllocated {
            // This thread holds the mixer's lock; the main thread must not take it
            // while this hook waits for the simulation, so the channels are made here.
            Mix_AllocateChannels(SDLAudio.channelCount)
            channelsAllocated = true
        }
        let frames = length / format.frameBytes
        let rate = Double(format.frequency)
        condition.lock()
        let bufferStart = startTime + Double(buffersMixed * frames) / rate
        // Mixed because the simulation reached its start; past that only once
        // `finish` let the thread run free, and those are not part of the run.
        if bufferStart <= simulatedTime, let capture {
            if buffersMixed == 0 { capture.padSilence(toFrame: Int((startTime * rate).rounded()), frameBytes: format.frameBytes) }
            capture.write(stream, length: length)
        }
        buffersMixed += 1
        nextBufferStart = startTime + Double(buffersMixed * frames) / rate
        condition.broadcast()  // `finish` may be waiting for this buffer
        while !finished && simulatedTime < nextBufferStart { condition.wait() }
        var due: [(UnsafeMutablePointer<Mix_Chunk>, Int32)] = []
        pending.removeAll { item in
            guard item.time < nextBufferStart else { return false }
            due.append((item.chunk, item.volume))
            return true
        }
        condition.unlock()
        // SDL's audio lock is recursive and this thread holds it, so starting
        // channels from inside the mix callback is safe.
        for (chunk, volume) in due { SDLAudio.start(chunk, volume: volume) }
    }
}

/// What a headless run mixed, written where SDL's disk driver was told to write
/// (`SDL_DISKAUDIOFILE`, raw interleaved samples in the device's format), one frame
/// per frame of simulated time from time 0.
///
/// SDL's disk driver itself cannot be in step: it opens the device paused and, with
/// no delay between buffers, writes silent buffers as fast as it can until SDL_mixer
/// unpauses it, a number that depends on how the threads were scheduled (one buffer
/// more under load moved every sound 5 ms later). So the driver writes to /dev/null
/// and this writes the buffers the simulation reached, with silence while a lost
/// device was away.
final class LockstepCapture: @unchecked Sendable {
    // @unchecked: written on the audio thread under the clock's lock, closed after
    // the device (and its thread) is gone.
    private let file: UnsafeMutablePointer<FILE>
    private var bytesWritten = 0

    /// Takes over the disk driver's file when a headless run plays through it.
    /// Nil (and SDL's driver left as it was) for any other driver.
    static func takeOverDiskDriver() -> LockstepCapture? {
        // getenv, not ProcessInfo: the headless runner has just set the driver.
        guard let driver = getenv("SDL_AUDIODRIVER"), String(cString: driver) == "disk" else { return nil }
        // SDL's own default name for the file.
        let path = getenv("SDL_DISKAUDIOFILE").map { String(cString: $0) } ?? "sdlaudio.raw"
        setenv("SDL_DISKAUDIODELAY", "0", 1)  // the simulated clock, not a sleep, paces it
        guard let file = fopen(path, "wb") else { return nil }
        setenv("SDL_DISKAUDIOFILE", "/dev/null", 1)
        return LockstepCapture(file: file)
    }

    private init(file: UnsafeMutablePointer<FILE>) {
        self.file = file
    }

    deinit {
        fclose(file)
    }

    func write(_ bytes: UnsafeMutablePointer<UInt8>, length: Int) {
        fwrite(bytes, 1, length, file)
        bytesWritten += length
    }

    /// Silence up to `frame` (a device that came back after being lost).
    func padSilence(toFrame frame: Int, frameBytes: Int) {
        let missing = frame * frameBytes - bytesWritten
        guard missing > 0 else { return }
        let silence = [UInt8](repeating: 0, count: missing)
        silence.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { fwrite(base, 1, missing, file) }
        }
        bytesWritten += missing
    }
}

func lockstepPostMix(_ userData: UnsafeMutableRawPointer?, _ stream: UnsafeMutablePointer<UInt8>?, _ length: Int32) {
    guard let userData, let stream else { return }
    let clock = Unmanaged<LockstepClock>.fromOpaque(userData).takeUnretainedValue()
    clock.bufferMixed(stream, length: Int(length), format: SDLAudio.currentFormat.withLock { $0 })
}
