import Hummingbird
import NIOCore
import Store

/// What the hub knows about one request besides the request itself: who sent it (the paired device, once
/// the credential is checked) and from where.
public struct HubRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address, for pairing's rate limit and the device list.
    public var remoteAddress: String?
    /// The device whose credential came with the request; nil on the few open routes.
    public var device: PairedDevice?
    /// How the credential came: a cookie (a browser) or an `Authorization: Bearer` header (a program).
    public var credential: Credential?
    /// The staff member whose name and right PIN came with the request (`DeviceAuthentication.pinHeader`).
    public var staff: StaffMember?

    public enum Credential: Sendable { case cookie, bearer }

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Requests bodies the hub reads are small JSON objects.
    public var maxUploadSize: Int { 64 * 1024 }
}
