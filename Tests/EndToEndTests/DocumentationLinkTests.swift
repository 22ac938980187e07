import Foundation
import Testing

/// The README and the documents in docs/ link to each other, to the screenshots and to
/// headings in one another: a section moved or renamed must not leave a link pointing
/// nowhere. And the README stays short enough for a person to read.
@Suite("The README and docs/")
struct DocumentationLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The most the README may weigh, in bytes; what does not fit goes to docs/.
    static let readmeLimit = 25_000

    /// A Markdown link or image: its target as written, and the line it is on (from 1).
    struct Link {
        let line: Int
        let target: String
    }

    /// A link that leads nowhere: the document it is in, its line, its target and why.
    struct BrokenLink: CustomStringConvertible {
        let document: String
        let line: Int
        let target: String
        let reason: String
        var description: String { "\(document):\(line): (\(target)) \(reason)" }
    }

    /// The paths of the documents checked: README.md, then every Markdown file in docs/.
    static func documents() throws -> [String] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [root.appendingPathComponent("README.md").path] + names.map { docs.appendingPathComponent($0).path }
    }

    /// The text's lines as Markdown renders links in them: the lines of fenced code
    /// blocks blanked, inline code taken out. The line numbers stay the same.
    static func proseLines(_ text: String) -> [String] {
        var lines: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                lines.append("")
            } else if inFence {
                lines.append("")
            } else {
                lines.append(String(line).replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression))
            }
        }
        return lines
    }

    /// Every `[text](target)` and `![alt](target)` in the text, in order. A link is
    /// taken to sit on one line, as every link in these documents does.
    static func links(in text: String) -> [Link] {
        var links: [Link] = []
        for (index, line) in proseLines(text).enumerated() {
            for match in line.matches(of: #/!?\[[^\]]*\]\(([^\)\s]+)(?:\s+"[^"]*")?\)/#) {
                links.append(Link(line: index + 1, target: String(match.output.1)))
            }
        }
        return links
    }

    /// GitHub's anchor for a heading: lowercased, each space a hyphen, everything but
    /// letters, digits, hyphens and underscores dropped.
    static func slug(_ heading: String) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                slug.append(character)
            }
        }
        return slug
    }

    /// The anchors of a text's headings (`#` to `######` outside code blocks); a slug
    /// met again gets `-1`, `-2`... as on GitHub.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            let hashes = line.prefix { $0 == "#" }.count
            guard !inFence, (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { continue }
            let base = slug(line.dropFirst(hashes).trimmingCharacters(in: .whitespaces))
            var anchor = base
            var repeats = 0
            while anchors.contains(anchor) {
                repeats += 1
                anchor = "\(base)-\(repeats)"
            }
            anchors.insert(anchor)
        }
        return anchors
    }

    /// `path` taken from the folder `directory` (an absolute path), `.` and `..` worked out.
    static func resolve(_ path: String, from directory: String) -> String {
        var parts: [Substring] = []
        for part in (directory + "/" + path).split(separator: "/") {
            if part == ".." {
                _ = parts.popLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Every link and image in `text`, the document at the absolute path `document`,
    /// that leads nowhere: to a file that is not there, or to an anchor that no heading
    /// of its Markdown file has. Web and mail links are not followed. `exists` says
    /// whether a path is there; `read` gives a Markdown file's text.
    static func brokenLinks(in text: String, document: String, exists: (String) -> Bool, read: (String) -> String?) -> [BrokenLink] {
        let directory = URL(fileURLWithPath: document).deletingLastPathComponent().path
        var broken: [BrokenLink] = []
        for link in links(in: text) {
            let target = link.target
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let anchor = parts.count > 1 ? String(parts[1]) : ""
            let file = path.isEmpty ? document : resolve(path, from: directory)
            guard exists(file) else {
                broken.append(BrokenLink(document: document, line: link.line, target: target, reason: "no such file: \(file)"))
                continue
            }
            if anchor.isEmpty { continue }
            let markdown: String? = path.isEmpty ? text : read(file)
            guard file.hasSuffix(".md"), let linked = markdown else {
                broken.append(BrokenLink(document: document, line: link.line, target: target, reason: "an anchor into a file that is not Markdown"))
                continue
            }
            if !anchors(in: linked).contains(anchor) {
                broken.append(BrokenLink(document: document, line: link.line, target: target, reason: "no heading in \(file) has the anchor #\(anchor)"))
            }
        }
        return broken
    }

    @Test("every relative link in README.md and docs/ resolves to a file, and every anchor to a heading")
    func linksResolve() throws {
        let documents = try Self.documents()
        #expect(documents.count > 5, "docs/ was not read: \(documents)")
        var checked = 0
        var broken: [BrokenLink] = []
        for document in documents {
            let text = try String(contentsOfFile: document, encoding: .utf8)
            checked += Self.links(in: text).count
            broken += Self.brokenLinks(in: text, document: document,
                                       exists: { FileManager.default.fileExists(atPath: $0) },
                                       read: { try? String(contentsOfFile: $0, encoding: .utf8) })
        }
        // The control: the documents are full of links, so a checker that found none fails here.
        #expect(checked > 50, "only \(checked) links were found, too few to trust the check")
        #expect(broken.isEmpty, "\(broken.map(\.description).joined(separator: "\n"))")
    }

    @Test("the checker reports a missing file, a missing picture and anchors no heading has, and nothing else")
    func checkerCatchesBrokenLinks() {
        let guide = "/project/docs/guide.md"
        let files = [
            "/project/README.md": "# Title\n\n## Keys\n",
            guide: "",
        ]
        let pictures: Set<String> = ["/project/.github/screenshots/main.png"]
        let markdown = """
            # Guide

            ## Deploying a kiosk (cage and systemd)

            Good: [keys](../README.md#keys), [here](#deploying-a-kiosk-cage-and-systemd),
            ![a shot](../.github/screenshots/main.png), [the web](https://example.org/gone.md).
            Broken: [gone](missing.md), ![lost](../.github/screenshots/lost.png),
            [no such heading](../README.md#nowhere), [nor here](#nowhere).
            Not links: `[in code](not-checked.md)`.

            ```
            [in a fence](not-checked-either.md)
            ```
            """
        #expect(Self.links(in: markdown).count == 8)
        let broken = Self.brokenLinks(in: markdown, document: guide,
                                      exists: { files[$0] != nil || pictures.contains($0) },
                                      read: { files[$0] })
        #expect(broken.map(\.target) == ["missing.md", "../.github/screenshots/lost.png", "../README.md#nowhere", "#nowhere"])
        #expect(broken.map(\.line) == [7, 7, 8, 8])
    }

    @Test("GitHub's anchors: lowercase, spaces to hyphens, punctuation dropped, repeats numbered")
    func anchorsAreGitHubs() {
        #expect(Self.slug("Deploying a kiosk (cage and systemd)") == "deploying-a-kiosk-cage-and-systemd")
        #expect(Self.slug("The 30-second rush") == "the-30-second-rush")
        #expect(Self.slug("Where `scene_1080p` goes, measured") == "where-scene_1080p-goes-measured")
        let expected: Set<String> = ["a", "notes", "notes-1"]
        #expect(Self.anchors(in: "# A\n## Notes\n```\n# not a heading\n```\n## Notes\n") == expected)
    }

    @Test("README.md is under 25,000 bytes: a page a person reads, with the rest in docs/")
    func readmeIsShort() throws {
        let size = try Data(contentsOf: Self.root.appendingPathComponent("README.md")).count
        #expect(size > 5_000, "README.md was not read")
        #expect(size < Self.readmeLimit, "README.md is \(size) bytes; move detail into docs/")
    }

    @Test("the README's index links every document in docs/")
    func indexListsEveryDocument() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let linked = Set(Self.links(in: readme).map(\.target))
        let documents = try Self.documents().dropFirst().map { "docs/" + URL(fileURLWithPath: $0).lastPathComponent }
        #expect(documents.count > 5, "docs/ was not read")
        let missing = documents.filter { !linked.contains($0) }
        #expect(missing.isEmpty, "not in the README's index: \(missing)")
    }
}
