// INTULocationManager's framework module re-exports CoreLocation (its header imports it), so INTU client files
// use `CLLocation` after `import INTULocationManager` alone; here the mirror plays CoreLocation's part.
@_exported import LinuxCoreLocation
