// Carries out `stresspunch fleet ...`: the admin's commands on the server, the kiosk's
// on its library. Output on stdout; a refusal is one line on stderr and exit 1.

import CommandLineInterface
import Fleet
import Foundation
import Localization

enum FleetCommandRunner {
    static func run(_ command: FleetCommand, dataDirectory: URL) {
        do {
            switch command {
            case .install(let server):
                print(try FleetAdmin(server: server).install())
            case .addSite(let name, let timeZone, let server):
                print(try FleetAdmin(server: server).addSite(name: name, timeZone: timeZone))
            case .addKiosk(let name, let site, let server):
                let join = try FleetAdmin(server: server).addKiosk(name: name, site: site)
                // The join file alone on stdout, so `> NAME.join` saves exactly it.
                print(join.text)
                // TRANSLATORS: after `fleet admin add-kiosk` printed the join file: the kiosk's name, its site.
                let note = tr("kiosk %s added to site %s; the join file above holds its secret: keep it private, and run 'stresspunch fleet join FILE' on the kiosk",
                              name, site)
                FileHandle.standardError.write(Data("stresspunch: \(note)\n".utf8))
            case .revoke(let name, let server):
                print(try FleetAdmin(server: server).revoke(name: name))
            case .adminStatus(let json, let server):
                print(try FleetAdmin(server: server).status(json: json))
            case .join(let file):
                print(try kiosk(dataDirectory).join(file: file))
            case .status(let json):
                print(try kiosk(dataDirectory).status(json: json))
            case .syncOnce:
                print(try kiosk(dataDirectory).syncOnce())
            case .leave(let discard):
                print(try kiosk(dataDirectory).leave(discardingUnsent: discard))
            }
        } catch {
            fail(error.line, status: 1)
        }
    }

    private static func kiosk(_ dataDirectory: URL) throws(FleetFailure) -> FleetKiosk {
        do {
            return FleetKiosk(store: try openLibrary(dataDirectory), dataDirectory: dataDirectory)
        } catch {
            throw FleetFailure(error.commandLine)
        }
    }
}
