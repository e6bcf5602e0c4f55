import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The two configuration files of a private cupsd and the folders they name.
struct PrivateCUPSConfiguration {
    let base: URL
    let port: Int

    /// Creates the folder tree and writes cupsd.conf and cups-files.conf.
    func write() throws {
        let manager = FileManager.default
        for folder in ["spool/temp", "log", "cache", "ppd", "ssl", "out"] {
            try manager.createDirectory(at: base.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try cupsd.write(to: base.appendingPathComponent("cupsd.conf"), atomically: true, encoding: .utf8)
        try files.write(to: base.appendingPathComponent("cups-files.conf"), atomically: true, encoding: .utf8)
        // A root cupsd runs filters and backends as the user lp: they must reach the folder and
        // write the device output. As a normal user these calls change nothing and may fail.
        chmod(base.path, 0o755)
        if let lp = getpwnam("lp") {
            chown(base.appendingPathComponent("out").path, lp.pointee.pw_uid, gid_t.max)
        }
    }

    private var cupsd: String {
        """
        Listen 127.0.0.1:\(port)
        Browsing Off
        BrowseLocalProtocols none
        DefaultShared No
        WebInterface No
        LogLevel info
        MaxLogSize 0
        PreserveJobHistory Yes
        PreserveJobFiles No
        <Policy default>
          <Limit All>
            Order allow,deny
          </Limit>
        </Policy>

        """
    }

    /// The printcap cupsd keeps goes in the private folder too (Debian 12's cups 2.4.2-3+deb12u11 refuses an
    /// empty `Printcap` line, which earlier releases took for "none").
    private var files: String {
        let path = base.path
        return """
            FileDevice Yes
            Printcap \(path)/printcap
            ServerRoot \(path)
            StateDir \(path)
            CacheDir \(path)/cache
            RequestRoot \(path)/spool
            TempDir \(path)/spool/temp
            AccessLog \(path)/log/access_log
            ErrorLog \(path)/log/error_log
            PageLog \(path)/log/page_log
            ServerBin /usr/lib/cups
            DataDir /usr/share/cups

            """
    }
}
