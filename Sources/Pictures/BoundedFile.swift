import Foundation
import Glibc

/// Reads a whole file that may be no larger than a cap, deciding on the file that was
/// opened (its fstat), never on a name looked at before: a name checked with lstat and
/// then read could be a symbolic link to a 5 GB file or to /etc/shadow. With
/// `followLinks` false a link is refused outright (O_NOFOLLOW). At most `maxBytes`
/// are ever read, however the file grows meanwhile.
public enum BoundedFile {
    public enum Failure: Error, Equatable, Sendable {
        case missing
        /// A symbolic link where only a file may be.
        case link
        /// A folder, pipe, device or socket.
        case notRegular
        case tooLarge(bytes: Int)
        case unreadable(String)
    }

    public static func read(_ url: URL, maxBytes: Int, followLinks: Bool = false) -> Result<[UInt8], Failure> {
        // Non-blocking, so opening a FIFO with no writer returns instead of waiting.
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return .failure(.missing)
            case ELOOP: return .failure(.link)
            case let code: return .failure(.unreadable(String(cString: strerror(code))))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        let size = Int(info.st_size)
        guard size <= maxBytes else { return .failure(.tooLarge(bytes: size)) }
        // One byte past the size seen tells a file that grew past the cap from one that did not.
        var bytes = [UInt8](repeating: 0, count: min(maxBytes, size) + 1)
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if got == 0 { break }
            filled += got
            if filled > maxBytes { return .failure(.tooLarge(bytes: filled)) }
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}
