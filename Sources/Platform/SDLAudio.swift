import CSDL2
import Foundation
import Localization
import Locking
import SDLSupport

/// Punch sounds through SDL_mixer: 48 kHz asked for (SDL may give another rate or
/// channel count, and everything follows what it gave), a small buffer (so a punch is
/// heard within one buffer) and 16 channels (so rapid punches overlap instead of
/// cutting off).
///
/// At rest the device is closed: an open stream mixes silence, which keeps a sound
/// server's sink (the card, a Bluetooth headset) awake and wakes the audio thread
/// hundreds of times a second. After `restSeconds` without a sound it closes (the
/// sounds stay loaded), and the first input after that opens it again, before a punch
/// can land (`wake`).
///
/// SDL_mixer cannot change a sound's pitch, so each sound is resampled at load into a
/// few pitch variants; `play` picks the nearest. With no audio device the app still
/// runs: `play` does nothing, `unavailableReason` says why, and a device is tried
/// again now and then (also after one is unplugged mid-run). Headless runs can use
/// lockstep mode, which starts sounds in step with the simulated clock.
public final class SDLAudio: @unchecked Sendable {
    // @unchecked: mutable state is touched on the main thread, except the lockstep
    // clock, which has its own lock.
    /// The rate asked for: SDL's own `SDL_AUDIO_FREQUENCY`, else 48 kHz.
    public static let sampleRate: Int32 = requested("SDL_AUDIO_FREQUENCY", default: 48_000, range: 8_000...192_000)
    /// The channels asked for: SDL's own `SDL_AUDIO_CHANNELS`, else stereo.
    static let requestedChannels: Int32 = requested("SDL_AUDIO_CHANNELS", default: 2, range: 1...8)
    /// Frames per mix buffer where the device is the card itself (ALSA) or a file
    /// (the disk driver): 256 at 48 kHz is 5.3 ms, so a punch is heard within it.
    public static let directBufferFrames: Int32 = 256
    /// Frames per mix buffer on a sound server (PulseAudio, PipeWire). SDL asks the
    /// server for one buffer of latency in all, and a server wakes its clients on a
    /// timer of its own: with 5 ms punches dropped out (twelve gaps of 0.5-10 ms in six
    /// punches, recorded from the sink), so there the buffer holds about 10 ms.
    public static let serverBufferFrames: Int32 = 512
    /// The buffer this device runs with (see the two above).
    public private(set) var bufferFrames: Int32 = SDLAudio.directBufferFrames

    /// The buffer for SDL's audio driver `driver`: the sound servers get room to
    /// schedule; the card and the disk a buffer as small as they play cleanly.
    static func bufferFrames(forDriver driver: String?, frequency: Int32) -> Int32 {
        let base = driver == "pulseaudio" || driver == "pipewire" ? serverBufferFrames : directBufferFrames
        // The same time at another rate (a 96 kHz device needs twice the frames), in a
        // power of two as SDL prefers.
        let scaled = Double(base) * Double(frequency) / 48_000
        var frames: Int32 = 64
        while Double(frames) < scaled * 0.75 && frames < 8192 { frames *= 2 }
        return frames
    }

    /// SDL's audio driver, once the audio subsystem is up.
    static var currentDriver: String? { SDL_GetCurrentAudioDriver().map { String(cString: $0) } }
    static let channelCount: Int32 = 16
    static let pitchSteps: [Float] = [0.90, 0.95, 1.0, 1.05, 1.10]

    public private(set) var isAvailable = false
    /// Closed because nothing played for `restSeconds`; the next input opens it again.
    public private(set) var isResting = false
    /// Seconds without a sound after which the device closes.
    public static let restSeconds = 10.0
    /// Times the device closed at rest, and opened again, since launch.
    public private(set) var rests = 0
    public private(set) var wakes = 0
    /// When the last sound started (monotonic seconds).
    private var lastSound = SDLAudio.monotonicSeconds()
    /// The device's real format, read back after opening (`Mix_QuerySpec`).
    public private(set) var format = DeviceFormat(frequency: SDLAudio.sampleRate, channels: SDLAudio.requestedChannels)
    public private(set) var unavailableReason: String?
    public var isMuted = false

    private var sounds: [String: [OpaquePointer]] = [:]
    // Resampled PCM must outlive the chunks that point into it.
    private var chunks: [UnsafeMutablePointer<Mix_Chunk>] = []
    private var buffers: [UnsafeMutableRawPointer] = []
    private var lockstep: LockstepClock?
    private let lockstepHeadless: Bool
    /// In lockstep, what was mixed, where SDL's disk driver would have written it.
    private let capture: LockstepCapture?
    /// What was loaded, to load again when a lost device comes back.
    private var soundFiles: [(name: String, url: URL)] = []
    /// The device went away mid-run; `reopenIfLost` tries to bring sound back.
    public private(set) var isLost = false
    /// Times the device went away, and came back, since launch.
    public private(set) var devicesLost = 0
    public private(set) var devicesRegained = 0
    private var nextRetry: Double = 0
    /// Latency probes installed on the mixer output (kept alive while installed).
    var probes: [AudioLatencyProbe] = []

    var isLockstep: Bool { lockstep != nil }

    /// Opens the audio device. With `lockstepHeadless`, sounds are started by the
    /// audio thread at the first buffer boundary after their simulated time, so a
    /// headless run writes the same samples every time (see `LockstepClock`).
    public init(lockstepHeadless: Bool = false) {
        self.lockstepHeadless = lockstepHeadless
        capture = lockstepHeadless ? LockstepCapture.takeOverDiskDriver() : nil
        let started = StderrSilencer.silenced { SDL_WasInit(SDL_INIT_AUDIO) != 0 || SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 }
        if !started {
            // TRANSLATORS: on the terminal; %s is SDL's own reason (in English).
            unavailableReason = tr("no audio system (%s); sounds are off", SDLRuntime.lastError())
            return
        }
        open(startingAt: 0)
        // No device yet (a kiosk that boots before its USB or HDMI sound is ready):
        // keep trying now and then, as after a device lost mid-run.
        if !isAvailable && !lockstepHeadless { isLost = true }
    }

    private func open(startingAt time: Double) {
        lockstep = lockstepHeadless ? LockstepClock(startTime: time, capture: capture) : nil
        // In lockstep the clock must see the very first buffer: the device starts
        // playing inside Mix_OpenAudio, so the hook goes in before it opens (setting
        // it needs no open device), or a few buffers would slip by uncounted.
        if let lockstep {
            Mix_SetPostMix(lockstepPostMix, Unmanaged.passUnretained(lockstep).toOpaque())
        }
        bufferFrames = Self.bufferFrames(forDriver: Self.currentDriver, frequency: Self.sampleRate)
        if StderrSilencer.silenced({ Mix_OpenAudio(Self.sampleRate, UInt16(AUDIO_S16SYS), Self.requestedChannels, bufferFrames) }) != 0 {
            Mix_SetPostMix(nil, nil)
            lockstep = nil
            // TRANSLATORS: on the terminal; %s is SDL's own reason (in English).
            unavailableReason = tr("no audio device (%s); sounds are off until one appears", SDLRuntime.lastError())
            return
        }
        // In lockstep the audio thread may already be waiting in the hook (holding the
        // mixer's lock) for the first frame, so it allocates the channels itself.
        if lockstep == nil { Mix_AllocateChannels(Self.channelCount) }
        format = Self.openFormat() ?? format
        Self.currentFormat.withLock { $0 = format }
        isAvailable = true
        unavailableReason = nil
    }

    /// The open device's format: SDL_mixer may take another rate or channel count than
    /// asked (a 44.1 kHz-only card, a 5.1 HDMI kiosk), and converts loaded sounds to it.
    static func openFormat() -> DeviceFormat? {
        var frequency: Int32 = 0, sampleFormat: UInt16 = 0, channels: Int32 = 0
        guard Mix_QuerySpec(&frequency, &sampleFormat, &channels) != 0, frequency > 0, channels > 0 else { return nil }
        return DeviceFormat(frequency: frequency, channels: channels)
    }

    /// The format of the device last opened, for sounds decoded off the main thread.
    static let currentFormat = Locked(DeviceFormat(frequency: SDLAudio.sampleRate, channels: SDLAudio.requestedChannels))

    // MARK: Rest

    /// Closes the device if nothing has played for `restSeconds` (and nothing plays
    /// now). The sounds stay loaded for `wake`. Headless lockstep runs never rest.
    public func restIfIdle() {
        guard isAvailable, !isLost, lockstep == nil,
              Self.monotonicSeconds() - lastSound >= Self.restSeconds, Mix_Playing(-1) == 0 else { return }
        Mix_HaltChannel(-1)
        Mix_CloseAudio()
        isAvailable = false
        isResting = true
        rests += 1
    }

    /// Seconds until `restIfIdle` will close the device (for the loop's sleep), nil
    /// when it will not.
    public var secondsUntilRest: Double? {
        guard isAvailable, !isLost, lockstep == nil else { return nil }
        return max(0.05, lastSound + Self.restSeconds - Self.monotonicSeconds())
    }

    /// Input arrived: a device closed at rest opens again, so the punch that may follow
    /// is heard at once. The sounds loaded before are kept when the device comes back
    /// in the same format, made again from their files otherwise.
    public func wake() {
        lastSound = Self.monotonicSeconds()
        guard isResting else { return }
        let before = format
        let frames = bufferFrames
        let opened = StderrSilencer.silenced { Mix_OpenAudio(Self.sampleRate, UInt16(AUDIO_S16SYS), Self.requestedChannels, frames) } == 0
        guard opened else {
            // Like a device that went away: try again now and then.
            isResting = false
            isLost = true
            unavailableReason = tr("no audio device (%s); sounds are off until one appears", SDLRuntime.lastError())
            freeSounds()
            return
        }
        Mix_AllocateChannels(Self.channelCount)
        format = Self.openFormat() ?? format
        Self.currentFormat.withLock { $0 = format }
        isResting = false
        isAvailable = true
        wakes += 1
        // A latency probe keeps watching the reopened stream (the bench's punch after a rest).
        reinstallLatencyProbe()
        if format != before {
            freeSounds()
            let files = soundFiles
            soundFiles.removeAll()
            for file in files { load(file.name, from: file.url) }
        }
    }

    private func freeSounds() {
        for chunk in chunks { Mix_FreeChunk(chunk) }
        for buffer in buffers { buffer.deallocate() }
        chunks.removeAll()
        buffers.removeAll()
        sounds.removeAll()
    }

    static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// An integer from the environment in `range`, else `fallback`.
    private static func requested(_ name: String, default fallback: Int32, range: ClosedRange<Int32>) -> Int32 {
        guard let text = ProcessInfo.processInfo.environment[name], let value = Int32(text), range.contains(value) else { return fallback }
        return value
    }

    /// The output device went away (unplugged): stop using it. The app carries on
    /// silently until `reopenIfLost` finds a device again.
    public func deviceLost() {
        // At rest nothing is open to lose; waking finds out whether a device is there.
        guard isAvailable else { return }
        close()
        isLost = true
        devicesLost += 1
        unavailableReason = tr("the sound device went away; sounds come back when one is available")
    }

    /// Tries to open a device again after one was lost (a device appeared), and loads
    /// the sounds into it. `simulatedTime` starts a headless run's lockstep clock.
    public func reopenIfLost(simulatedTime: Double = 0) {
        guard isLost else { return }
        open(startingAt: simulatedTime)
        guard isAvailable else { return }
        isLost = false
        nextRetry = 0
        retryDelay = Self.firstRetryDelay
        devicesRegained += 1
        let files = soundFiles
        soundFiles.removeAll()
        for file in files { load(file.name, from: file.url) }
    }

    /// While lost, tries again now and then: after 5 s, then twice as long each time up
    /// to a minute (opening a device can take a few milliseconds of the frame).
    /// `now` is seconds on the caller's clock.
    public func retryIfLost(now: Double) {
        guard isLost else { return }
        let clock = lockstepHeadless ? now : Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        if nextRetry == 0 { nextRetry = clock + retryDelay }
        guard clock >= nextRetry else { return }
        reopenIfLost(simulatedTime: now)
        retryDelay = isLost ? min(retryDelay * 2, 60) : Self.firstRetryDelay
        nextRetry = isLost ? clock + retryDelay : 0
    }

    static let firstRetryDelay = 5.0
    private var retryDelay = SDLAudio.firstRetryDelay

    deinit {
        close()
    }

    /// Stops all sound and closes the device (in lockstep mode, releases the audio
    /// thread first so it is never left waiting).
    public func close() {
        if isResting {
            // Closed already; only the sounds kept for waking are left.
            freeSounds()
            isResting = false
            return
        }
        guard isAvailable else { return }
        lockstep?.finish()
        Mix_HaltChannel(-1)
        Mix_SetPostMix(nil, nil)
        Mix_CloseAudio()
        freeSounds()
        isAvailable = false
    }

    /// Loads a WAV file under `name` with its pitch variants. Returns false (and the
    /// app carries on silently for that sound) when the file cannot be read.
    @discardableResult
    public func load(_ name: String, from url: URL) -> Bool {
        soundFiles.append((name, url))
        if isResting { wake() }
        guard isAvailable, let original = Mix_LoadWAV(url.path) else { return false }
        install(name, Self.pitchVariants(of: original, format: format))
        return true
    }

    /// A sound decoded (and its pitch variants made) away from the frame, ready to
    /// be handed to `adopt`. Its memory is the mixer's once adopted.
    public struct DecodedSound: @unchecked Sendable {
        // @unchecked: made on one thread, then handed over whole and only used by the main thread.
        let chunks: [UnsafeMutablePointer<Mix_Chunk>]
        let buffers: [UnsafeMutableRawPointer]
        /// How long it plays, in seconds.
        public let seconds: Double
        /// The device format its samples are in.
        let format: DeviceFormat
    }

    /// A device's sample rate and channel count (samples are always signed 16-bit).
    public struct DeviceFormat: Equatable, Sendable {
        public let frequency: Int32
        public let channels: Int32
        var frameBytes: Int { Int(channels) * 2 }
    }

    /// Decodes sound bytes (WAV or Ogg) to the open device's format with SDL_mixer and
    /// makes the pitch variants: safe off the main thread (no mixer lock is taken).
    /// Nil with SDL's reason when the bytes are not a sound it can read.
    /// A sound longer than `maxSeconds` is refused before its variants are made.
    public static func decode(_ bytes: [UInt8], maxSeconds: Double) -> Result<DecodedSound, DecodeFailure> {
        defer { SDLThreadState.releaseOffMainThread() }  // called from a background queue
        let chunk: UnsafeMutablePointer<Mix_Chunk>? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let ops = SDL_RWFromConstMem(base, Int32(raw.count)) else { return nil }
            return Mix_LoadWAV_RW(ops, 1)
        }
        guard let chunk else { return .failure(.unreadable(SDLRuntime.lastError())) }
        let format = currentFormat.withLock { $0 }
        let seconds = Double(Int(chunk.pointee.alen) / format.frameBytes) / Double(format.frequency)
        guard seconds <= maxSeconds, seconds > 0 else {
            free(DecodedSound(chunks: [chunk], buffers: [], seconds: seconds, format: format))
            return .failure(seconds > 0 ? .tooLong(seconds) : .silent)
        }
        return .success(pitchVariants(of: chunk, format: format))
    }

    public enum DecodeFailure: Error {
        case unreadable(String)
        case tooLong(Double)
        case silent
    }

    /// Takes a sound decoded off the frame under `name`; `url` is kept to load it
    /// again when a lost device comes back.
    public func adopt(_ name: String, _ sound: DecodedSound, from url: URL) {
        guard isAvailable || isResting, sound.format == format else {
            Self.free(sound)
            // Decoded for a device that has since come back in another format.
            if isAvailable { load(name, from: url) } else { soundFiles.append((name, url)) }
            return
        }
        soundFiles.append((name, url))
        install(name, sound)
    }

    /// Frees a decoded sound that was never played (refused as too long, say) without
    /// Mix_FreeChunk, which takes the mixer's lock to stop it playing: in a headless
    /// run's lockstep the audio thread may hold that lock waiting for this thread.
    public static func free(_ sound: DecodedSound) {
        for chunk in sound.chunks {
            // Mix_LoadWAV_RW's chunk owns its samples; the resampled ones point into our buffers.
            if chunk.pointee.allocated != 0 { SDL_free(chunk.pointee.abuf) }
            SDL_free(chunk)
        }
        for buffer in sound.buffers { buffer.deallocate() }
    }

    private func install(_ name: String, _ sound: DecodedSound) {
        chunks.append(contentsOf: sound.chunks)
        buffers.append(contentsOf: sound.buffers)
        sounds[name] = sound.chunks.count == Self.pitchSteps.count
            ? Self.pitchSteps.indices.map { OpaquePointer(sound.chunks[$0 == 2 ? 0 : ($0 < 2 ? $0 + 1 : $0)]) }
            : sound.chunks.map { OpaquePointer($0) }
    }

    /// The original chunk first, then one resampled chunk per pitch step but 1.
    static func pitchVariants(of original: UnsafeMutablePointer<Mix_Chunk>, format: DeviceFormat) -> DecodedSound {
        var made: [UnsafeMutablePointer<Mix_Chunk>] = [original]
        var buffers: [UnsafeMutableRawPointer] = []
        // The chunk is already in the device format: interleaved signed 16-bit samples,
        // as many a frame as the device has channels.
        let channels = Int(format.channels)
        let frameCount = Int(original.pointee.alen) / format.frameBytes
        let source = UnsafeRawPointer(original.pointee.abuf).assumingMemoryBound(to: Int16.self)
        for pitch in Self.pitchSteps where pitch != 1 && frameCount > 0 {
            let outFrames = max(1, Int(Float(frameCount) / pitch))
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: outFrames * format.frameBytes, alignment: 4)
            let out = buffer.assumingMemoryBound(to: Int16.self)
            for frame in 0..<outFrames {
                let position = Float(frame) * pitch
                let index = min(frameCount - 1, Int(position))
                let next = min(frameCount - 1, index + 1)
                let t = position - Float(index)
                for channel in 0..<channels {
                    let a = Float(source[index * channels + channel]), b = Float(source[next * channels + channel])
                    out[frame * channels + channel] = Int16(max(-32768, min(32767, a + (b - a) * t)))
                }
            }
            guard let chunk = Mix_QuickLoad_RAW(buffer.assumingMemoryBound(to: UInt8.self), UInt32(outFrames * format.frameBytes)) else {
                buffer.deallocate()
                continue
            }
            buffers.append(buffer)
            made.append(chunk)
        }
        return DecodedSound(chunks: made, buffers: buffers, seconds: Double(frameCount) / Double(format.frequency), format: format)
    }

    /// Plays a loaded sound. `pitch` near 1 picks a variant; `volume` is 0...1.
    /// `simulatedTime` is used only in lockstep mode.
    public func play(_ name: String, volume: Float = 1, pitch: Float = 1, simulatedTime: Double = 0) {
        guard !isMuted else { return }
        // A sound with no input before it (a timer's): open the device now.
        if isResting { wake() }
        lastSound = Self.monotonicSeconds()
        guard isAvailable, let variants = sounds[name], !variants.isEmpty else { return }
        var best = 0
        for (index, step) in Self.pitchSteps.enumerated() where abs(step - pitch) < abs(Self.pitchSteps[best] - pitch) {
            best = index
        }
        let chunk = UnsafeMutablePointer<Mix_Chunk>(variants[min(best, variants.count - 1)])
        let level = Int32(max(0, min(1, volume)) * Float(MIX_MAX_VOLUME))
        if let lockstep {
            lockstep.schedule(chunk: chunk, volume: level, at: simulatedTime)
        } else {
            Self.start(chunk, volume: level)
        }
    }

    static func start(_ chunk: UnsafeMutablePointer<Mix_Chunk>, volume: Int32) {
        var channel = Mix_PlayChannelTimed(-1, chunk, 0, -1)
        if channel < 0 {
            // All 16 busy: the oldest punch gives way to the newest.
            Mix_HaltChannel(Mix_GroupOldest(-1))
            channel = Mix_PlayChannelTimed(-1, chunk, 0, -1)
        }
        if channel >= 0 { Mix_Volume(channel, volume) }
    }

    /// In lockstep mode: everything up to `time` (simulated seconds) has been handled.
    public func advanceSimulatedTime(to time: Double) {
        lockstep?.advance(to: time)
    }

    /// Seconds of audio per mix buffer, as the device really runs.
    public var bufferDuration: Double {
        Double(bufferFrames) / Double(format.frequency)
    }
}
