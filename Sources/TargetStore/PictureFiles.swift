import Foundation
import Localization
import Pictures

/// The folder of user pictures, `<data-dir>/images/`. Like SwiftData's external
/// storage, a row names a file here instead of holding the picture as a blob.
///
/// A file is written completely (temp file, fsync, rename) before the row naming it
/// commits, and removed only after the row's delete commits; so a crash at any point
/// leaves at worst an unnamed file, which `sweepOrphans` removes at the next open.
public struct PictureFiles: Sendable {
    public let directory: URL

    /// Temp files start with a dot, which stored names never do (the schema checks).
    private static let tempPrefix = ".incoming-"

    /// Files younger than this are left alone by the sweep: another process (the CLI
    /// while the app runs) may have written one whose row is about to commit.
    static let orphanGracePeriod: TimeInterval = 120

    /// The folder as it is, created by nobody (a library on a read-only disk).
    public init(existingDirectory directory: URL) {
        self.directory = directory
    }

    public init(directory: URL) throws(TargetStoreError) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            // TRANSLATORS: the pictures folder, and the system's reason ("permission denied").
            throw .fileSystem(tr("cannot create the pictures folder %s (%s); choose another data folder with --data-dir", directory.path, FileErrorText.describe(error)))
        }
    }

    /// The file for a stored name, or nil if the name could step outside the folder
    /// (a hand-edited database must not make us read or delete other files).
    public func url(for fileName: String) -> URL? {
        guard Self.isPlainName(fileName) else { return nil }
        return directory.appendingPathComponent(fileName, isDirectory: false)
    }

    /// Writes a new picture and returns its file name. The file is complete and on disk
    /// when this returns.
    public func write(_ picture: ImportedPicture) throws(TargetStoreError) -> String {
        try write(picture.bytes, fileExtension: picture.format.fileExtension)
    }

    /// A new file holding the same picture as `fileName`, for a second target that
    /// shows it: each target owns its file, so deleting one never takes another's.
    public func duplicate(_ fileName: String) throws(TargetStoreError) -> String {
        guard let url = url(for: fileName),
              case .success(let bytes) = BoundedFile.read(url, maxBytes: PictureImporter.maxFileBytes) else {
            // TRANSLATORS: the picture's file name, and the pictures folder.
            throw .fileSystem(tr("cannot read the stored picture %s to copy it; check the pictures folder %s", fileName, directory.path))
        }
        return try write(bytes, fileExtension: url.pathExtension)
    }

    private func write(_ bytes: [UInt8], fileExtension: String) throws(TargetStoreError) -> String {
        let fileName = UUID().uuidString.lowercased() + "." + fileExtension
        let finalURL = directory.appendingPathComponent(fileName)
        let tempURL = directory.appendingPathComponent(Self.tempPrefix + fileName)
        do {
            guard FileManager.default.createFile(atPath: tempURL.path, contents: nil) else {
                throw TargetStoreError.fileSystem(tr("cannot create a file in %s; check that the folder is writable", directory.path))
            }
            let handle = try FileHandle(forWritingTo: tempURL)
            do {
                try handle.write(contentsOf: Data(bytes))
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            if rename(tempURL.path, finalURL.path) != 0 {
                // TRANSLATORS: the pictures folder, and the system's reason ("no space left on device").
                throw TargetStoreError.fileSystem(tr("cannot move the new picture into %s (%s); check free disk space and permissions",
                                                     directory.path, FileErrorText.reason(errno)))
            }
            // The new name on disk too: the row that names it commits next.
            do {
                try FileDurability.syncFolder(directory)
            } catch {
                unlink(finalURL.path)
                throw error
            }
            return fileName
        } catch let error as TargetStoreError {
            try? FileManager.default.removeItem(at: tempURL)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: tempURL)
            throw .fileSystem(tr("cannot save the picture in %s (%s); check free disk space and permissions", directory.path, FileErrorText.describe(error)))
        }
    }

    /// Removes a stored picture; a file that is already gone is fine.
    public func remove(_ fileName: String) {
        guard let url = url(for: fileName) else { return }
        try? FileManager.default.removeItem(at: url)
    }

    /// Removes files that no row names (left by a crash between writing a picture and
    /// committing its row, or between a delete's commit and the file's removal).
    /// Returns the names removed.
    @discardableResult
    public func sweepOrphans(keeping referenced: Set<String>, now: Date = Date()) -> [String] {
        // Names only: a file is looked at (and a URL made for it) only when no row
        // names it, so 10,000 pictures cost one directory listing.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names where !referenced.contains(name) {
            let entry = directory.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: entry.path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            if now.timeIntervalSince(modified) < Self.orphanGracePeriod { continue }
            if (try? FileManager.default.removeItem(at: entry)) != nil { removed.append(name) }
        }
        return removed
    }

    static func isPlainName(_ name: String) -> Bool {
        // Byte tests, not Foundation's string search (asked for every visible row).
        !name.isEmpty && name.utf8.first != UInt8(ascii: ".") && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == 0 }
    }
}
