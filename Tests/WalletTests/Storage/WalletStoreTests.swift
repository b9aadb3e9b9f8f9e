import Testing
@testable import Wallet
