// Runs the embedded PostgreSQL server and stops it when the process that started it goes away.
//
// The server runs in its own process group (Ctrl-C reaches only the app, which stops its worker
// before the database), so nothing else would stop it if the app died without its shutdown:
// killed, crashed, or ended by a library's own signal handler. This watchdog holds the read end
// of a pipe from the app; the kernel closes it whenever the app exits, however it exits, and the
// watchdog then shuts the server down (a fast shutdown: SIGINT). Plain JavaScript so it starts
// without the TypeScript loader.
//
// Usage: node postgres-watchdog.js '<json {command, args, uid?, gid?}>', stdin a pipe from the app.
import { spawn } from 'node:child_process'

const { command, args, uid, gid } = JSON.parse(process.argv[2] ?? '{}')
const server = spawn(command, args, {
	uid,
	gid,
	// The server's log goes to the app through our stderr: it waits for "ready to accept connections".
	stdio: ['ignore', 'ignore', 'inherit'],
	env: { LC_MESSAGES: 'C' },
})

let stopping = false
function stopServer() {
	if (stopping) return
	stopping = true
	if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT')
}

// The app closes the pipe to stop the server (or dies, which closes it too).
process.stdin.on('end', stopServer)
process.stdin.on('close', stopServer)
process.stdin.on('error', stopServer)
process.stdin.resume()
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stopServer)

server.on('error', (error) => {
	process.stderr.write(`embedded PostgreSQL could not start: ${error.message}\n`)
	process.exit(1)
})
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
