import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
	chownSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ImapFlow } from 'imapflow'

/**
 * A real IMAP server for tests: Debian's Dovecot (`dovecot-imapd`, installed by .ci/run), started
 * as an unprivileged process on a free loopback port with a throw-away configuration — users in
 * a passwd-file, maildirs in a temp directory, no TLS. When the tests run as root (CI containers)
 * Dovecot runs as `nobody`; otherwise as the current user.
 *
 *   const imap = await startImapServer({ users: { 'ann@acme.test': 'secret' } })
 *   await imap.append('ann@acme.test', rawMessage)   // over IMAP, as a mail client would
 *   imap.writeMaildir('ann@acme.test', raws)         // bulk, straight into the maildir (bench)
 *   await imap.stop()
 */

export const DOVECOT_BINARY = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot'

export function isDovecotInstalled() {
	return existsSync(DOVECOT_BINARY)
}

export type ImapServer = Awaited<ReturnType<typeof startImapServer>>

export async function startImapServer({ users }: { users: Record<string, string> }) {
	if (!isDovecotInstalled())
		throw new Error(`Dovecot not found at ${DOVECOT_BINARY}: apt-get install dovecot-imapd (see .ci/run)`)
	const owner = unprivilegedOwner()
	const dir = mkdtempSync(join(tmpdir(), 'reachout-imap-'))
	const paths = {
		run: join(dir, 'run'),
		state: join(dir, 'state'),
		mail: join(dir, 'mail'),
		home: join(dir, 'home'),
	}
	for (const path of Object.values(paths)) mkdirSync(path, { recursive: true })
	const port = await freePort()
	writeFileSync(
		join(dir, 'passwd'),
		Object.entries(users)
			.map(
				([user, password]) =>
					`${user}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${join(paths.home, user)}::`,
			)
			.join('\n') + '\n',
	)
	writeFileSync(join(dir, 'dovecot.conf'), dovecotConfig({ dir, paths, port, owner }))
	chownTree(dir, owner)

	const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', join(dir, 'dovecot.conf')], {
		stdio: ['ignore', 'pipe', 'pipe'],
		uid: owner.spawnAs ? owner.uid : undefined,
		gid: owner.spawnAs ? owner.gid : undefined,
		env: { ...process.env, HOME: dir },
	})
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += String(chunk)))
	child.stderr?.on('data', (chunk: Buffer) => (output += String(chunk)))
	try {
		await waitForGreeting(port, child, () => output + readLog(dir))
	} catch (error) {
		child.kill('SIGKILL')
		rmSync(dir, { recursive: true, force: true })
		throw error
	}

	function mailboxDir(user: string, folder = 'INBOX') {
		const root = join(paths.mail, user)
		return folder === 'INBOX' ? root : join(root, `.${folder}`)
	}

	return {
		host: '127.0.0.1',
		port,
		dir,
		/** APPENDs a message over IMAP (to INBOX unless a folder is named); returns its UID. */
		async append(user: string, raw: string, folder = 'INBOX') {
			const client = new ImapFlow({
				host: '127.0.0.1',
				port,
				secure: false,
				auth: { user, pass: users[user] ?? '' },
				logger: false,
			})
			await client.connect()
			try {
				if (folder !== 'INBOX') await client.mailboxCreate(folder).catch(() => undefined)
				const result = await client.append(folder, raw, ['\\Seen'])
				return result ? Number(result.uid) : null
			} finally {
				await client.logout()
			}
		},
		/**
		 * Writes messages straight into the user's maildir `new/` (Dovecot indexes them when the
		 * folder is next opened): 10,000 messages in a second instead of 10,000 APPENDs.
		 */
		writeMaildir(user: string, raws: string[], folder = 'INBOX') {
			const root = mailboxDir(user, folder)
			for (const sub of ['cur', 'new', 'tmp']) mkdirSync(join(root, sub), { recursive: true })
			const stamp = Math.floor(Date.now() / 1000)
			raws.forEach((raw, index) => {
				const name = `${stamp}.M${index}P${process.pid}R${randomBytes(4).toString('hex')}.reachout-test`
				writeFileSync(join(root, 'new', name), raw.replace(/\r?\n/g, '\n'))
			})
			chownTree(join(paths.mail, user), owner)
		},
		/** Dovecot's log, for a failing test's message. */
		log: () => output + readLog(dir),
		async stop() {
			if (child.exitCode === null) {
				const exited = new Promise((resolve) => child.once('exit', resolve))
				child.kill('SIGTERM')
				await Promise.race([exited, delay(5_000)])
				if (child.exitCode === null) child.kill('SIGKILL')
			}
			rmSync(dir, { recursive: true, force: true })
		},
	}
}

type Owner = { uid: number; gid: number; user: string; group: string; spawnAs: boolean }

/** Who Dovecot runs as: ourselves, or `nobody` when we are root (Dovecot then drops nothing). */
function unprivilegedOwner(): Owner {
	const uid = process.getuid?.() ?? 0
	if (uid !== 0) {
		const gid = process.getgid?.() ?? uid
		return { uid, gid, user: userName(uid), group: groupName(gid), spawnAs: false }
	}
	return { uid: 65534, gid: 65534, user: userName(65534), group: groupName(65534), spawnAs: true }
}

function userName(uid: number) {
	const line = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((entry) => entry.split(':')[2] === String(uid))
	if (!line) throw new Error(`No /etc/passwd entry for uid ${uid}`)
	return line.split(':')[0]!
}

function groupName(gid: number) {
	const line = readFileSync('/etc/group', 'utf8')
		.split('\n')
		.find((entry) => entry.split(':')[2] === String(gid))
	return line ? line.split(':')[0]! : String(gid)
}

function dovecotConfig({
	dir,
	paths,
	port,
	owner,
}: {
	dir: string
	paths: Record<'run' | 'state' | 'mail' | 'home', string>
	port: number
	owner: Owner
}) {
	return `# Generated by tests/fakes/imap-server.ts
protocols = imap
listen = 127.0.0.1
base_dir = ${paths.run}
state_dir = ${paths.state}
log_path = ${join(dir, 'dovecot.log')}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${owner.user}
default_internal_group = ${owner.group}
default_login_user = ${owner.user}
first_valid_uid = ${owner.uid}
last_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
mail_location = maildir:${paths.mail}/%u
mail_uid = ${owner.uid}
mail_gid = ${owner.gid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${join(dir, 'passwd')}
}
userdb {
  driver = passwd-file
  args = username_format=%u ${join(dir, 'passwd')}
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = create
  }
}
service imap-login {
  chroot =
  user = ${owner.user}
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service auth {
  user = ${owner.user}
}
service auth-worker {
  user = ${owner.user}
}
service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
`
}

function chownTree(path: string, owner: Owner) {
	if (!owner.spawnAs) return
	chownSync(path, owner.uid, owner.gid)
	let entries: string[] = []
	try {
		entries = readdirSync(path)
	} catch {
		return // a file
	}
	for (const entry of entries) chownTree(join(path, entry), owner)
}

function readLog(dir: string) {
	try {
		return readFileSync(join(dir, 'dovecot.log'), 'utf8')
	} catch {
		return ''
	}
}

function freePort() {
	return new Promise<number>((resolve, reject) => {
		const server = createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			const port = typeof address === 'object' && address ? address.port : 0
			server.close(() => resolve(port))
		})
	})
}

async function waitForGreeting(port: number, child: ChildProcess, log: () => string) {
	const deadline = Date.now() + 15_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`Dovecot exited (${child.exitCode}):\n${log()}`)
		const greeted = await new Promise<boolean>((resolve) => {
			const socket = createConnection({ host: '127.0.0.1', port })
			socket.setTimeout(1_000)
			socket.once('data', (data) => {
				socket.destroy()
				resolve(String(data).startsWith('* OK'))
			})
			socket.once('error', () => resolve(false))
			socket.once('timeout', () => {
				socket.destroy()
				resolve(false)
			})
		})
		if (greeted) return
		await delay(100)
	}
	throw new Error(`Dovecot did not answer on port ${port}:\n${log()}`)
}

function delay(ms: number) {
	return new Promise((resolve) => setTimeout(resolve, ms))
}
