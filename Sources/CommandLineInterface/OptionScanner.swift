// Taking options and positionals out of a subcommand's arguments.

import Localization

/// Takes options and positionals out of an argument list, then checks nothing is left.
struct OptionScanner {
    private var arguments: [String]

    init(_ arguments: [String]) { self.arguments = arguments }

    mutating func flag(_ name: String) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
        return true
    }

    mutating func value(_ name: String, usage: String) throws(UsageError) -> String? {
        guard let index = arguments.firstIndex(of: name) else { return nil }
        // TRANSLATORS: %s is an option, such as --name or --image.
        guard index + 1 < arguments.count else { throw UsageError(message: tr("%s needs a value", name), usage: usage) }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        // TRANSLATORS: %s is an option, such as --name or --image.
        if arguments.contains(name) { throw UsageError(message: tr("%s was given twice", name), usage: usage) }
        return value
    }

    mutating func positional() -> String? {
        guard let index = arguments.firstIndex(where: { !$0.hasPrefix("--") }) else { return nil }
        return arguments.remove(at: index)
    }

    mutating func id(usage: String) throws(UsageError) -> Int64 {
        guard let text = positional() else { throw UsageError(message: tr("a target ID is needed"), usage: usage) }
        guard let id = Int64(text), id > 0 else {
            // TRANSLATORS: %s is what was typed; 'targets list' is the command that shows the IDs.
            throw UsageError(message: tr("'%s' is not a target ID (a positive number from 'targets list')", text), usage: usage)
        }
        return id
    }

    func finish(usage: String) throws(UsageError) {
        if let extra = arguments.first {
            throw UsageError(message: extra.hasPrefix("-") ? tr("unknown option '%s'", extra) : tr("unexpected argument '%s'", extra), usage: usage)
        }
    }
}
