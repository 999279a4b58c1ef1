/**
 * A URL a browser opens as a web page (http or https): what may become a link's href. A stored or
 * scraped value is never trusted as a `javascript:` or `data:` URL.
 */
export function isWebUrl(url: string) {
	return /^https?:\/\//i.test(url)
}
