import Foundation

/// The Aries part of the sandbox's page: the invitation to issue the `person` credential and
/// then ask for a proof of `age >= 18`, as a QR code, and a button for a new one.
extension SandboxService {
    /// The home page's section: the current page invitation (a new one once a holder took it).
    func ariesSection() -> String {
        var invitation = pageInvitation
        if let current = invitation, aries.sessions[current.id]?.holder != nil { invitation = nil }
        if invitation == nil, ariesMaterial != nil { invitation = try? createAriesInvitation(.issueThenProve) }
        pageInvitation = invitation
        let shown = invitation.map { invitationBlock($0) }
            ?? "<p>The agent makes its credential definition on first use; press the button.</p>"
        return """
            <section id="aries"><h2>Aries (AnonCreds over DIDComm)</h2>
            <p>Connect by DID exchange, receive a <code>person</code> credential over issue-credential 2.0, then prove
            <code>age &gt;= 18</code> over present-proof 2.0 without showing the age.</p>
            \(shown)
            <form class="inline" method="post" action="/aries/invitations/new">\
            <button type="submit" id="new-aries-invitation">New Aries invitation</button></form>
            </section>
            """
    }

    /// An invitation's QR code, link and command.
    private func invitationBlock(_ invitation: SandboxAriesInvitation) -> String {
        let link = invitation.url.absoluteString
        let qr = (try? SandboxQRCode(encoding: link).svg()) ?? "<p>(QR code unavailable: the link is too long)</p>"
        return """
            <div class="qr" id="aries-qr">\(qr)</div>
            <p><a id="aries-invitation" href="\(HTMLPage.escape(link))">\(HTMLPage.escape(link))</a></p>
            <p>Accept it with <code>vellum aries connect '\(HTMLPage.escape(link))'</code></p>
            """
    }

    /// `POST /aries/invitations/new`: a new issue-then-prove invitation, then its page.
    func newAriesInvitationFromPage(_ request: SandboxHTTPRequest) -> SandboxHTTPResponse {
        do {
            let invitation = try createAriesInvitation(.issueThenProve)
            return .seeOther("/aries/invitations/\(invitation.id)/page")
        } catch {
            return .html(HTMLPage.page(title: "No invitation", body: "<p>\(HTMLPage.escape(error.description))</p>"), status: 500)
        }
    }

    /// `GET /aries/invitations/{id}/page`: the invitation's QR code and how its exchanges stand.
    func ariesInvitationPage(id: String) -> SandboxHTTPResponse {
        guard let session = aries.sessions[id], let url = URL(string: session.invitation.link(base: ariesEndpointURL)) else {
            return .html(HTMLPage.page(title: "No such invitation", body: "<p>Unknown invitation.</p>"), status: 404)
        }
        let invitation = SandboxAriesInvitation(id: id, url: url, invitation: .object(session.invitation.message.object))
        let rows = session.exchanges.map { exchange in
            "<li>\(exchange.step.rawValue): <strong>\(exchange.state.rawValue)</strong>"
                + (exchange.revealed.isEmpty ? "" : " — revealed " + HTMLPage.escape(exchange.revealed.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")))
                + (exchange.error.map { " — " + HTMLPage.escape($0) } ?? "") + "</li>"
        }
        let done = session.isFinished
        return .html(HTMLPage.page(
            title: "Aries invitation", body: invitationBlock(invitation) + "<ul id=\"aries-exchanges\">\(rows.joined())</ul><p><a href=\"/\">Back to the sandbox</a></p>",
            refreshSeconds: done ? nil : 3))
    }
}
