"""An Aries issuer and verifier written from the RFCs on anoncreds-rs and PyNaCl, for Vellum's
interop tests (issue #28): DIDComm v1 envelopes, out-of-band 1.1, DID exchange 1.0 (inviter),
issue-credential 1.0/2.0 and present-proof 1.0/2.0, with switchable misbehaviour.
Tests/Peers/aries_agent.py serves it; Tests/Peers/aries_agent_selftest.py proves it with a
Python holder. No ACA-Py code is imported."""
