/** Only same-site relative paths, so a crafted link cannot send users elsewhere after sign-in. */
export function safeRedirectTo(value: unknown, fallback = '/contacts') {
	// Browsers read `/\host` like `//host`, and drop tabs and newlines inside a URL.
	if (
		typeof value !== 'string' ||
		!value.startsWith('/') ||
		/^\/[\\/]/.test(value) ||
		/[\t\n\r]/.test(value)
	) {
		return fallback
	}
	return value
}
