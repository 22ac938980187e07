import Foundation
import Localization

/// What makes a write survive power loss: the file's bytes synced, and then the folder
/// that names it, since a rename (or a new name) is only on disk once its folder is.
/// Every file the library acknowledges (a picture, a backup, an export, a restored
/// library) goes through here after its rename.
enum FileDurability {
    /// Syncs the folder's entries: the renames and new names in it are on disk when
    /// this returns.
    static func syncFolder(_ folder: URL) throws(TargetStoreError) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            // TRANSLATORS: the folder, and the system's reason ("permission denied").
            throw .fileSystem(tr("cannot open the folder %s to save it to disk (%s)", folder.path, FileErrorText.reason(errno)))
        }
        defer { close(descriptor) }
        // EINVAL: a file system that cannot sync folders (some FUSE mounts); nothing more can be done there.
        if fsync(descriptor) != 0, errno != EINVAL {
            // TRANSLATORS: the folder, and the system's reason ("input/output error").
            throw .fileSystem(tr("cannot save the folder %s to disk (%s); check the disk", folder.path, FileErrorText.reason(errno)))
        }
    }

    /// Copies `source` to the new file `destination` (mode 0600) and syncs it: the copy
    /// is whole and on disk when this returns; on failure no copy is left.
    static func copySynced(_ source: URL, to destination: URL) throws(TargetStoreError) {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        // TRANSLATORS: the file, and the system's reason ("permission denied").
        guard input >= 0 else { throw .fileSystem(tr("cannot read %s (%s)", source.path, FileErrorText.reason(errno))) }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            // TRANSLATORS: the file, and the system's reason ("permission denied").
            throw .fileSystem(tr("cannot create %s (%s); check free disk space and permissions", destination.path, FileErrorText.reason(errno)))
        }
        var failure: String?
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        copying: while true {
            let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { failure = tr("cannot read %s (%s)", source.path, FileErrorText.reason(errno)); break }
            if got == 0 { break }
            var written = 0
            while written < got {
                let put = buffer.withUnsafeBytes { write(output, $0.baseAddress.map { $0 + written }, got - written) }
                if put < 0 && errno == EINTR { continue }
                if put <= 0 {
                    // TRANSLATORS: the file, and the system's reason ("no space left on device").
                    failure = tr("cannot write %s (%s); check free disk space", destination.path, FileErrorText.reason(errno))
                    break copying
                }
                written += put
            }
        }
        if failure == nil, fsync(output) != 0 {
            // TRANSLATORS: the file, and the system's reason ("no space left on device").
            failure = tr("cannot save %s to disk (%s); check free disk space", destination.path, FileErrorText.reason(errno))
        }
        if close(output) != 0, failure == nil {
            failure = tr("cannot write %s (%s); check free disk space", destination.path, FileErrorText.reason(errno))
        }
        if let failure {
            unlink(destination.path)
            throw .fileSystem(failure)
        }
    }
}

/// File-system errors in words: the system's own reason (strerror), never Foundation's
/// "NSCocoaErrorDomain error 512", which tells a user nothing.
public enum FileErrorText {
    /// The reason for an errno value, in lower case ("no space left on device").
    public static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The reason a Foundation file call failed: its POSIX cause when it carries one,
    /// else a plain description of the kind of failure.
    public static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return reason(posix.code.rawValue) }
        let bridged = error as NSError
        let underlying = (error as? CocoaError)?.underlying ?? (bridged.userInfo[NSUnderlyingErrorKey] as? any Error)
        if let underlying {
            if let posix = underlying as? POSIXError { return reason(posix.code.rawValue) }
            let cause = underlying as NSError
            if cause.domain == NSPOSIXErrorDomain { return reason(Int32(cause.code)) }
        }
        if bridged.domain == NSPOSIXErrorDomain { return reason(Int32(bridged.code)) }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            // TRANSLATORS: why a file could not be read or written, in lower case: it goes inside another message's brackets.
            case .fileNoSuchFile, .fileReadNoSuchFile: return tr("no such file or folder")
            case .fileReadNoPermission, .fileWriteNoPermission: return tr("permission denied")
            case .fileWriteOutOfSpace: return tr("no space left on device")
            case .fileWriteVolumeReadOnly: return tr("the disk is read-only")
            case .fileWriteFileExists: return tr("a file of that name is in the way")
            default: break
            }
            if cocoa.code.rawValue >= CocoaError.fileReadUnknown.rawValue && cocoa.code.rawValue < CocoaError.fileWriteUnknown.rawValue {
                // TRANSLATORS: why a file could not be read, in lower case: it goes inside another message's brackets.
                return tr("it could not be read")
            }
            // TRANSLATORS: why a file could not be written, in lower case: it goes inside another message's brackets.
            return tr("it could not be written")
        }
        // TRANSLATORS: why a file operation failed when nothing more is known, in lower case: it goes inside another message's brackets.
        return tr("it failed")
    }
}
