import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A port p with p and p+1 both free (the backup listens on p+1). */
async function freePortPair(): Promise<number> {
	for (let attempt = 0; attempt < 20; attempt++) {
		const first = net.createServer();
		await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', () => resolve()));
		const port = (first.address() as net.AddressInfo).port;
		const second = net.createServer();
		const ok = await new Promise<boolean>((resolve) => {
			second.once('error', () => resolve(false));
			second.listen(port + 1, '127.0.0.1', () => resolve(true));
		});
		await new Promise((r) => first.close(r));
		if (ok) {
			await new Promise((r) => second.close(r));
			return port;
		}
	}
	throw new Error('no free port pair');
}

function smtpBanner(port: number): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('data', (data) => {
			socket.end('QUIT\r\n');
			resolve(data.toString());
		});
		socket.once('error', reject);
	});
}

describe('npm run emulator (cli.ts)', () => {
	let child: ChildProcess | undefined;

	afterEach(() => {
		if (child && child.exitCode === null) child.kill('SIGKILL');
	});

	test('starts, prints every address, serves them, and stops on SIGTERM', async () => {
		const port = await freePortPair();
		const tsNode = require.resolve('ts-node/dist/bin.js');
		child = spawn(
			process.execPath,
			[tsNode, '--transpile-only', path.join(__dirname, 'cli.ts'), '--port', String(port), '--token', 'T', '--credits', '7', '--template-encoding', 'template', '--quiet'],
			{ cwd: path.join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let output = '';
		child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no start-up output: ${output}`)), 20000);
			child!.stdout?.on('data', (d: Buffer) => {
				output += d.toString();
				if (/control: \S+/.test(output)) {
					clearTimeout(timer);
					resolve();
				}
			});
			child!.once('exit', (code) => reject(new Error(`exited early (${code}): ${output}`)));
		});
		const address = (name: string) => new RegExp(`^${name}: (\\S+)$`, 'm').exec(output)?.[1];
		expect(address('primary')).toBe(`http://127.0.0.1:${port}`);
		expect(address('backup')).toBe(`http://127.0.0.1:${port + 1}`);
		expect(address('control')).toBe(`http://127.0.0.1:${port}/__control`);
		const smtp = address('smtp')!;
		expect(smtp).toMatch(/^127\.0\.0\.1:\d+$/);

		// --template-encoding: how the live check's probe "sms: template encoding (test=1)" is pointed at either mode.
		const state = await fetch(`${address('control')}/state`);
		expect(((await state.json()) as { account: { templateEncoding: string } }).account.templateEncoding).toBe('template');

		const profile = await fetch(`${address('primary')}/profile`, { headers: { Authorization: 'Bearer T' } });
		expect(((await profile.json()) as { points: number }).points).toBe(7);
		const ping = await fetch(`${address('backup')}/ping?access_token=T`);
		expect(await ping.json()).toEqual({ authorized: true, unavailable: [] });
		expect(await smtpBanner(Number(smtp.split(':')[1]))).toMatch(/^220 /);

		// The spec's cases, posted to the process `npm run emulator` started.
		const post = async (base: string, params: Record<string, string>) => {
			const res = await fetch(`${base}/sms.do`, {
				method: 'POST',
				headers: { Authorization: 'Bearer T', 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams(params).toString(),
			});
			return { status: res.status, text: await res.text() };
		};
		const primary = address('primary')!;
		expect((await post(primary, { to: '48500000001', message: 'hi' })).text).toMatch(/^OK:\d{19}:0\.165$/);
		const json = await post(primary, { to: '48500000001', message: 'hi', format: 'json' });
		expect(JSON.parse(json.text)).toMatchObject({ count: 1, list: [{ number: '48500000001', status: 'QUEUE' }] });
		const invalid = await post(primary, { to: '12', message: 'hi', format: 'json' });
		expect(invalid.status).toBe(200);
		expect(JSON.parse(invalid.text)).toMatchObject({ error: 13, invalid_numbers: [{ submitted_number: '12' }] });
		const tooCostly = await post(primary, { to: Array.from({ length: 50 }, (_, i) => 48500000100 + i).join(','), message: 'hi', format: 'json' });
		expect(JSON.parse(tooCostly.text)).toMatchObject({ error: 103 });
		const once = { to: '48500000002', message: 'hi', idx: 'order42', check_idx: '1', format: 'json' };
		expect(JSON.parse((await post(primary, once)).text)).toMatchObject({ count: 1 });
		expect(JSON.parse((await post(address('backup')!, once)).text)).toMatchObject({ error: 53 });
		await fetch(`${address('control')}/account`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ whitelist: ['10.1.2.3'] }),
		});
		expect((await post(primary, { to: '48500000003', message: 'hi' })).text).toBe('ERROR:105');

		const exit = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
		child.kill('SIGTERM');
		expect(await exit).toBe(0);
	});
});
