import Foundation

/// A throw-away cupsd for tests (filled in by the printing work).
public enum PrivateCUPSPlaceholder {}
