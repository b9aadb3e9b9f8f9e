import ArgumentParser
import Foundation

/// "Did you mean …?" for a mistyped subcommand, before the argument parser answers with
/// "Unexpected argument".
///
/// A word in the place of a subcommand that names none is compared with the subcommands of
/// that level (the top level, and the groups `did`, `trust` and `sandbox`): one within two
/// edits, or one it begins, is suggested.
enum CommandSuggestion {
    /// The failure for `arguments` (without the program name), or `nil` when every word in a
    /// subcommand's place names one.
    static func failure(for arguments: [String]) -> (message: String, hint: String)? {
        var level: [any ParsableCommand.Type] = Vellum.configuration.subcommands
        var path = ["vellum"]
        for word in arguments {
            guard !word.hasPrefix("-"), !level.isEmpty else { return nil }
            if word == "help" { return nil }
            guard let command = level.first(where: { $0.configuration.commandName == word }) else {
                let names = level.compactMap { $0.configuration.commandName }
                let here = path.joined(separator: " ")
                // A group with a default subcommand may take a word of its own in this place:
                // only a near miss of a subcommand's name is taken as a typo.
                if path.count > 1, let parent = parentCommand(path), parent.configuration.defaultSubcommand != nil {
                    guard let guess = closest(to: word, in: names) else { return nil }
                    return ("'\(word)' is not a \(here) command", "did you mean `\(here) \(guess)`?")
                }
                guard let guess = closest(to: word, in: names) else {
                    return ("'\(word)' is not a \(here) command", "`\(here) --help` lists them: \(names.joined(separator: ", "))")
                }
                return ("'\(word)' is not a \(here) command", "did you mean `\(here) \(guess)`?")
            }
            path.append(word)
            level = command.configuration.subcommands
        }
        return nil
    }

    private static func parentCommand(_ path: [String]) -> (any ParsableCommand.Type)? {
        var level: [any ParsableCommand.Type] = Vellum.configuration.subcommands
        var found: (any ParsableCommand.Type)?
        for name in path.dropFirst() {
            found = level.first { $0.configuration.commandName == name }
            level = found?.configuration.subcommands ?? []
        }
        return found
    }

    /// The name closest to `word`: within two edits (case-insensitive), or begun by it.
    static func closest(to word: String, in names: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = names.map { ($0, distance(lowered, $0.lowercased())) }.filter { $0.1 <= 2 }.sorted { $0.1 < $1.1 }
        if let best = scored.first { return best.0 }
        return names.first { $0.hasPrefix(lowered) && lowered.count >= 2 }
    }

    /// The Levenshtein distance (insertions, deletions, substitutions).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
