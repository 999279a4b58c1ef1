export default function Index() {
	return <h1 className="p-8 text-2xl font-semibold">Reachout</h1>
}
