import Foundation
import Localization
import Locking
import Pictures

/// The user's own sounds for the tools: `<data-dir>/sounds/TOOL/*.wav|*.ogg` (the
/// data dir is `$XDG_DATA_HOME/StressPunch` unless `--data-dir` says otherwise). A
/// tool with at least one good file plays those instead of its built-in sounds.
///
/// Files are checked like pictures before they are used: a size cap, the header
/// sniffed (RIFF/WAVE or Ogg), decoded by SDL_mixer, and a length cap. All of that
/// runs on a thread of its own (or before the first frame of a headless run, so a
/// script replays the same), never on a frame. A bad file is skipped with one line
/// naming it and saying what to do; the tool keeps its built-in sounds.
public final class UserSounds: @unchecked Sendable {
    // @unchecked: `ready` is locked; the rest is touched only on the main thread.
    public static let folderName = "sounds"
    /// Bigger files are refused before they are read (a 4 s WAV is under 1.6 MB).
    public static let maxFileBytes = 4 * 1024 * 1024
    /// Longer sounds are refused: a hit's sound must end before the next few hits.
    public static let maxSeconds = 4.0
    /// At most this many files a tool (sorted by name) are looked at.
    public static let maxFilesPerTool = 8

    public struct Found: Sendable {
        public let tool: String
        /// The name the mixer knows it by: `user:TOOL/FILE`.
        public let name: String
        public let url: URL
        public let sound: SDLAudio.DecodedSound
    }

    private let folder: URL
    private let tools: [String]
    private let ready = Locked<(sounds: [Found], problems: [String], done: Bool)>(([], [], false))
    /// The user's sounds by tool, in the order they take turns.
    public private(set) var byTool: [String: [String]] = [:]
    private var turn: [String: Int] = [:]

    /// `dataDirectory` holds `sounds/`; `tools` are the folder names that count.
    public init(dataDirectory: URL, tools: [String]) {
        folder = dataDirectory.appendingPathComponent(Self.folderName, isDirectory: true)
        self.tools = tools
    }

    /// Looks for the files and checks them: on a thread of its own, or now when
    /// `synchronous` (headless runs).
    public func start(synchronous: Bool) {
        guard FileManager.default.fileExists(atPath: folder.path) else {
            ready.withLock { $0.done = true }
            return
        }
        if synchronous {
            scan()
        } else {
            let thread = Thread { [self] in scan() }
            thread.name = "user sounds"
            thread.start()
        }
    }

    /// Hands the checked sounds to `audio` and returns the problems found (each one
    /// line), once they are ready; nil until then and after.
    public func install(into audio: SDLAudio) -> [String]? {
        let taken = ready.withLock { state -> (sounds: [Found], problems: [String], done: Bool)? in
            guard state.done else { return nil }
            let result = state
            state = ([], [], false)
            return result
        }
        guard let taken else { return nil }
        for found in taken.sounds {
            audio.adopt(found.name, found.sound, from: found.url)
            byTool[found.tool, default: []].append(found.name)
        }
        return taken.problems
    }

    /// The sound to play for built-in sound `name` of `tool`: one of the user's for
    /// that tool (taking turns), or `name` itself when the user has none.
    public func substitute(_ name: String, tool: String) -> String {
        guard let own = byTool[tool], !own.isEmpty else { return name }
        let index = turn[tool, default: 0]
        turn[tool] = (index + 1) % own.count
        return own[index % own.count]
    }

    private func scan() {
        var sounds: [Found] = []
        var problems: [String] = []
        let manager = FileManager.default
        let entries = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for entry in entries where !entry.hasPrefix(".") {
            let toolFolder = folder.appendingPathComponent(entry, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: toolFolder.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            guard tools.contains(entry) else {
                // TRANSLATORS: the first %s is a folder's path, the second lists the tools' folder names (keep those as they are).
                problems.append(tr("%s is not a tool's folder, so its sounds are not used; name it one of %s",
                                   toolFolder.path, tools.joined(separator: ", ")))
                continue
            }
            let files = ((try? manager.contentsOfDirectory(atPath: toolFolder.path)) ?? []).sorted().filter { !$0.hasPrefix(".") }
            var used = 0
            for file in files {
                let url = toolFolder.appendingPathComponent(file)
                let kind = url.pathExtension.lowercased()
                guard kind == "wav" || kind == "ogg" else {
                    // TRANSLATORS: %s is a sound file's path.
                    problems.append(tr("%s is not a .wav or .ogg file, so it is not used; convert it to WAV or Ogg Vorbis", url.path))
                    continue
                }
                guard used < Self.maxFilesPerTool else {
                    // TRANSLATORS: %s is a sound file's path; %d how many sounds a tool takes at most.
                    problems.append(tr("%s is past the %d sounds a tool takes, so it is not used; remove some", url.path, Self.maxFilesPerTool))
                    continue
                }
                switch Self.check(url) {
                case .success(let sound):
                    sounds.append(Found(tool: entry, name: "user:\(entry)/\(file)", url: url, sound: sound))
                    used += 1
                case .failure(let problem):
                    problems.append(problem.message(file: url.path, tool: entry))
                }
            }
        }
        ready.withLock { $0 = (sounds, problems, true) }
    }

    /// What is wrong with a sound file.
    enum Problem: Error {
        case tooLarge(bytes: Int)
        case link
        case notRegular
        case unreadable
        case notSound
        case undecodable(reason: String)
        case tooLong(seconds: Double)
        case silent

        /// What is wrong with `file`, a sound for `tool`, and what to do, in one line.
        func message(file: String, tool: String) -> String {
            // In each: the first %s is the sound file's path, the last the tool whose
            // built-in sounds play instead (a folder name, kept as it is).
            switch self {
            case .tooLarge(let bytes):
                // TRANSLATORS: the first %s is a sound file's path, the second its size in MB, %d the most a sound may be; the last %s is a tool's name.
                return tr("%s is %s MB, over the %d MB a sound may be; use a shorter sound or Ogg Vorbis; the built-in %s sounds play instead",
                          file, UserSounds.decimal(Double(bytes) / 1_048_576, digits: 1), UserSounds.maxFileBytes / 1_048_576, tool)
            case .link:
                // TRANSLATORS: the first %s is a sound file's path, the second a tool's name.
                return tr("%s is a symbolic link; copy the sound itself into the folder; the built-in %s sounds play instead", file, tool)
            case .notRegular:
                return tr("%s is not a regular file; copy a sound file into the folder; the built-in %s sounds play instead", file, tool)
            case .unreadable:
                return tr("%s cannot be read; check that it is yours and readable; the built-in %s sounds play instead", file, tool)
            case .notSound:
                return tr("%s is not a WAV or Ogg sound inside; save it again as WAV or Ogg Vorbis; the built-in %s sounds play instead", file, tool)
            case .undecodable(let reason):
                // TRANSLATORS: the first %s is a sound file's path, the second the decoder's reason (in English), the third a tool's name.
                return tr("%s could not be decoded (%s); save it again as 16-bit WAV or Ogg Vorbis; the built-in %s sounds play instead",
                          file, DiagnosticLine.short(reason), tool)
            case .tooLong(let seconds):
                // TRANSLATORS: the first %s is a sound file's path, the second its length in seconds, %d the longest a sound may be; the last %s is a tool's name.
                return tr("%s lasts %s s, longer than the %d s a hit's sound may; trim it; the built-in %s sounds play instead",
                          file, UserSounds.decimal(seconds, digits: 1), Int(UserSounds.maxSeconds.rounded()), tool)
            case .silent:
                return tr("%s holds no sound; save it again with the sound in it; the built-in %s sounds play instead", file, tool)
            }
        }
    }

    /// `value` with `digits` decimals and the user's decimal separator, never grouped: "1.5", "1,5".
    static func decimal(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value).replacingOccurrences(of: ".", with: Localization.locale.decimalSeparator ?? ".")
    }

    /// Reads and checks one file: size, header, decode, length.
    static func check(_ url: URL) -> Result<SDLAudio.DecodedSound, Problem> {
        // Decided on the file opened, never on its name: a symbolic link (to a 5 GB
        // file, say) is refused, and no more than the cap is ever read.
        let bytes: [UInt8]
        switch BoundedFile.read(url, maxBytes: maxFileBytes) {
        case .success(let read): bytes = read
        case .failure(.tooLarge(let size)): return .failure(.tooLarge(bytes: size))
        case .failure(.link): return .failure(.link)
        case .failure(.notRegular): return .failure(.notRegular)
        case .failure: return .failure(.unreadable)
        }
        let isWAV = bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WAVE".utf8)
        let isOgg = bytes.count >= 4 && bytes[0..<4].elementsEqual("OggS".utf8)
        guard isWAV || isOgg else {
            return .failure(.notSound)
        }
        switch SDLAudio.decode(bytes, maxSeconds: maxSeconds) {
        case .failure(.unreadable(let reason)): return .failure(.undecodable(reason: reason))
        case .failure(.tooLong(let seconds)): return .failure(.tooLong(seconds: seconds))
        case .failure(.silent): return .failure(.silent)
        case .success(let sound):
            return .success(sound)
        }
    }
}

/// SDL's error strings can run long; one short clause of one line is enough here.
enum DiagnosticLine {
    static func short(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? tr("unknown error")
        return line.count > 120 ? String(line.prefix(117)) + "…" : (line.isEmpty ? tr("unknown error") : line)
    }
}
