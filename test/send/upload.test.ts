/**
 * A file a send carries (send/upload.ts): what a request sends, as the idx record compares it, is
 * its wire parameters and, with an upload, the file's hash under the part's name in place of the
 * file, so that a repeat with another file is told from one with the same.
 */
import { sentContent, type SendUpload } from '../../nodes/Smsapi/send/upload';

const upload = (sha256: string): SendUpload => ({ field: 'file', sha256, load: async () => ({ field: 'file', filename: 'a.wav', contentType: 'audio/wav', data: Buffer.alloc(0) }) });

describe('what a request sends', () => {
	it('is its parameters, and the file by its hash', () => {
		const params = { to: '48500000001', idx: 'a1' };
		expect(sentContent({ params })).toBe(params);
		expect(sentContent({ params, upload: upload('ab12') })).toEqual({ to: '48500000001', idx: 'a1', 'file (uploaded)': 'ab12' });
		expect(sentContent({ params, upload: upload('ab12') })).not.toEqual(sentContent({ params, upload: upload('cd34') }));
	});
});
