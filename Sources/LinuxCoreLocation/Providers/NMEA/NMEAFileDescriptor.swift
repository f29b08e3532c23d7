import Glibc

/// An open file descriptor of an NMEA byte stream: a log file, standard input, a serial device or a TCP socket.
///
/// With ``NMEAWakePipe``, the only code of the NMEA providers that calls the C library. Not thread-safe: one reader
/// uses it at a time. Errors are ``NMEAStreamError`` values carrying the path and `strerror` text.
final class NMEAFileDescriptor {
    let descriptor: Int32
    let name: String
    private let ownsDescriptor: Bool
    private var isClosed = false
    /// A terminal's settings from before it was set raw, put back at ``close()``.
    ///
    /// A terminal left raw at 9600 baud (`nmea:/dev/tty`, a user's pseudo-terminal) no longer echoed or ended lines (a
    /// trial of the tool). gpsd puts them back too.
    private var settingsBeforeOpen: termios?

    private init(_ descriptor: Int32, name: String, owns: Bool = true) {
        self.descriptor = descriptor
        self.name = name
        ownsDescriptor = owns
    }

    deinit { close() }

    /// Opens a file for reading without waiting for a FIFO's writer (`O_NONBLOCK`): a read of a FIFO, pipe or device
    /// must then wait in `poll(2)` first (see ``mayWaitForData`` and ``NMEAWakePipe``), and may find nothing yet
    /// (``readAvailable(into:)``).
    static func openFile(_ path: String) throws -> NMEAFileDescriptor {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw NMEAStreamError.system(path, "cannot open", errno) }
        return NMEAFileDescriptor(descriptor, name: path)
    }

    /// Whether a read may have to wait for data: the descriptor is not a regular file (a FIFO, a pipe, a terminal,
    /// a socket, a device).
    var mayWaitForData: Bool {
        var information = stat()
        return fstat(descriptor, &information) != 0 || (information.st_mode & S_IFMT) != S_IFREG
    }

    /// Whether the descriptor is a terminal: a serial port or a pseudo-terminal, whose speed was set.
    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Whether the descriptor is a Unix98 pseudo-terminal slave (major 136 to 143), however it was named: a terminal
    /// without a baud rate, which no one unplugs.
    var isPseudoTerminalSlave: Bool {
        var information = stat()
        return fstat(descriptor, &information) == 0 && Self.isPseudoTerminalSlave(information)
    }

    /// Whether the descriptor is a character device: a terminal, or a device such as `/dev/gnss0` or `/dev/zero`.
    var isCharacterDevice: Bool {
        var information = stat()
        return fstat(descriptor, &information) == 0 && (information.st_mode & S_IFMT) == S_IFCHR
    }

    /// Standard input, which is read but never closed.
    static func standardInput() -> NMEAFileDescriptor {
        NMEAFileDescriptor(STDIN_FILENO, name: "<stdin>", owns: false)
    }

    /// Opens a serial device in raw 8N1 mode at `baudRate` (CLOCAL | CREAD, VMIN 1, VTIME 0).
    ///
    /// A character device that is not a terminal (for example the kernel's `/dev/gnss0`) is read as it is. Such a
    /// device refuses the terminal settings with `ENOTTY`, or with `EINVAL` where its driver answers every unknown
    /// request so (`/dev/urandom`).
    static func openSerialDevice(_ path: String, baudRate: Int) throws -> NMEAFileDescriptor {
        let descriptor = Glibc.open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw NMEAStreamError.system(path, "cannot open", errno) }
        let device = NMEAFileDescriptor(descriptor, name: path)
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            if errno == ENOTTY || errno == EINVAL { return device }
            throw NMEAStreamError.system(path, "cannot read the terminal settings", errno)
        }
        device.settingsBeforeOpen = settings
        cfmakeraw(&settings)
        let speed = try speedConstant(baudRate, path: path)
        cfsetispeed(&settings, speed)
        cfsetospeed(&settings, speed)
        settings.c_cflag |= tcflag_t(CLOCAL) | tcflag_t(CREAD)
        settings.c_cflag &= ~(tcflag_t(CSTOPB) | tcflag_t(PARENB) | tcflag_t(CRTSCTS))
        withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
            throw NMEAStreamError.system(path, "cannot set raw mode at \(baudRate) baud", errno)
        }
        return device
    }

    /// The baud rates a serial device accepts, in bits per second.
    static let supportedBaudRates = [
        1200, 2400, 4800, 9600, 19_200, 38_400, 57_600, 115_200, 230_400, 460_800, 921_600,
    ]

    private static func speedConstant(_ baudRate: Int, path: String) throws -> speed_t {
        let constants: [Int: Int32] = [
            1200: B1200, 2400: B2400, 4800: B4800, 9600: B9600, 19_200: B19200, 38_400: B38400, 57_600: B57600,
            115_200: B115200, 230_400: B230400, 460_800: B460800, 921_600: B921600,
        ]
        guard let constant = constants[baudRate] else {
            throw NMEAStreamError.unsupportedBaudRate(path, baudRate)
        }
        return speed_t(constant)
    }

    /// Connects a TCP socket to `host`:`port` (IPv4 or IPv6), giving up after `timeout` seconds per address.
    static func connectTCP(host: String, port: UInt16, timeout: TimeInterval) throws -> NMEAFileDescriptor {
        let name = "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw NMEAStreamError.unresolvedHost(name, String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = ECONNREFUSED
        for address in sequence(first: first, next: { $0.pointee.ai_next }) {
            let socket = Glibc.socket(
                address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else {
                lastError = errno
                continue
            }
            let connection = NMEAFileDescriptor(socket, name: name)
            var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            if Glibc.connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return connection }
            lastError = errno
        }
        throw NMEAStreamError.system(name, "cannot connect", lastError)
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the stream.
    ///
    /// Retries when interrupted by a signal.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw NMEAStreamError.system(name, "read failed", errno) }
        }
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the stream, `nil` when a non-blocking descriptor has nothing
    /// yet (`EAGAIN`).
    ///
    /// Retries when interrupted by a signal.
    func readAvailable(into buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            if errno != EINTR { throw NMEAStreamError.system(name, "read failed", errno) }
        }
    }

    /// Goes back to the start of a file.
    func rewind() throws {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw NMEAStreamError.system(name, "cannot rewind", errno) }
    }

    /// Closes the descriptor (unless it is standard input), after putting a terminal's settings back as they were
    /// before it was opened (which fails, unnoticed, on a device that is gone); idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if var settings = settingsBeforeOpen { _ = tcsetattr(descriptor, TCSANOW, &settings) }
        if ownsDescriptor { _ = Glibc.close(descriptor) }
    }

    /// Whether `path` names a regular file, following symbolic links.
    static func isRegularFile(_ path: String) -> Bool {
        var information = stat()
        return stat(path, &information) == 0 && (information.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` names a character device (a serial port, a pseudo-terminal, `/dev/gnss0`).
    static func isCharacterDevice(_ path: String) -> Bool {
        var information = stat()
        return stat(path, &information) == 0 && (information.st_mode & S_IFMT) == S_IFCHR
    }

    /// Whether `path` names something, following symbolic links (a dangling `/dev/serial/by-id/…` link does not).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether `path` names a Unix98 pseudo-terminal slave by its number (`/dev/pts/3`) or by a descriptor
    /// (`/proc/self/fd/5`, see ``namesDescriptor(_:)``), not through a symbolic link that someone may re-point.
    ///
    /// The node is asked with `lstat(2)`, which does not follow a symbolic link in the last component: a character
    /// device of major 136 to 143 (the kernel's Unix98 pty slave majors, `Documentation/admin-guide/devices.txt`),
    /// whatever the path's spelling or where devpts is mounted. A link such as socat's `link=/tmp/gps0` is not one,
    /// though it points to one: whoever made it points it to the next terminal. The descriptor cannot tell the two
    /// apart (both open the same device), and the node is gone once its master has closed, so this is asked before
    /// the first open. Where `lstat(2)` finds nothing, only the name can tell: an absolute path whose directory is
    /// `/dev/pts` (`.` components and doubled slashes ignored). A descriptor's path is a symbolic link too, but the
    /// kernel's, which nobody re-points: it is judged by what it leads to (`stat(2)`).
    static func namesPseudoTerminalSlave(_ path: String) -> Bool {
        var information = stat()
        if namesDescriptor(path) { return stat(path, &information) == 0 && isPseudoTerminalSlave(information) }
        guard lstat(path, &information) == 0 else {
            let components = path.split(separator: "/").filter { $0 != "." }
            return path.hasPrefix("/") && components.count == 3 && components[0] == "dev" && components[1] == "pts"
        }
        return isPseudoTerminalSlave(information)
    }

    /// Whether `information` describes a character device of a Unix98 pty slave major (136 to 143).
    private static func isPseudoTerminalSlave(_ information: stat) -> Bool {
        // glibc's encoding of `dev_t` (the `major()` macro, which Swift does not import).
        let device = UInt64(information.st_rdev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        return (information.st_mode & S_IFMT) == S_IFCHR && (136...143).contains(major)
    }

    /// Whether `path` names a file descriptor, open or not: an entry of a process's `fd` directory in procfs
    /// (`/proc/self/fd/5`, `/proc/1234/fd/5`, `/dev/fd/5` through the link `/dev/fd`).
    ///
    /// Its symbolic link is made by the kernel for the descriptor and never re-pointed: opening it opens what the
    /// descriptor has open (`proc(5)`), and no other device can come there. Told by the directory, resolved with
    /// `realpath(3)` (which turns `self` and `thread-self` into numbers): `/proc/PID/fd` or `/proc/PID/task/TID/fd`;
    /// the entry is a decimal number.
    static func namesDescriptor(_ path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/"), isNumber(path[path.index(after: slash)...]),
            let resolved = realpath(slash == path.startIndex ? "/" : String(path[..<slash]), nil)
        else { return false }
        defer { free(resolved) }
        let components = String(cString: resolved).split(separator: "/", omittingEmptySubsequences: false)
        guard components.first == "", components.dropFirst().first == "proc", components.last == "fd",
            components.count >= 4, isNumber(components[2])
        else { return false }
        return components.count == 4 || (components.count == 6 && components[3] == "task" && isNumber(components[4]))
    }

    /// Whether `text` is a decimal number without a sign.
    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Whether this program has no controlling terminal (started by a service, cron or `setsid`): opening
    /// `/dev/tty` fails with `ENXIO`.
    ///
    /// Asked by opening it without waiting (`O_NONBLOCK`), reading it or changing its settings, and closing it.
    /// `access(2)` cannot tell: the node is there, readable by everyone.
    static var lacksControllingTerminal: Bool {
        let descriptor = Glibc.open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return errno == ENXIO }
        _ = Glibc.close(descriptor)
        return false
    }

    /// Whether the current user may open `path` for reading.
    static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// The C library's text for an `errno` value, for example "No such file or directory".
    static func describe(errorNumber: Int32) -> String {
        String(cString: strerror(errorNumber))
    }
}
