import { clusterPorts, nginxConfig } from '../cluster';

describe('pnpm start:cluster', () => {
  it('puts the balancer on the API port and the copies, PostgreSQL and S3 beside it, all moved by the offset', () => {
    expect(clusterPorts()).toEqual({ balancer: 4000, apis: [4101, 4102], postgres: 55433, s3: 4569 });
    expect(clusterPorts(300)).toEqual({ balancer: 4300, apis: [4401, 4402], postgres: 55733, s3: 4869 });
  });

  it("balances every API copy and retries only what nginx may resend: failed connections, time-outs and 502-504", () => {
    const conf = nginxConfig({ listen: 4000, upstreams: [4101, 4102], prefix: '/x' });
    expect(conf).toContain('listen 127.0.0.1:4000;');
    expect(conf.match(/server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=5s;/g)).toEqual([
      'server 127.0.0.1:4101 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:4102 max_fails=1 fail_timeout=5s;',
    ]);
    // Without non_idempotent: a POST that reached a copy is never sent to the other one.
    expect(conf).toContain('proxy_next_upstream error timeout http_502 http_503 http_504;');
    expect(conf).not.toContain('non_idempotent');
    // An unprivileged nginx: every file it writes is under the prefix.
    for (const line of conf.split('\n').filter((l) => /_path |pid /.test(l))) expect(line).toContain('/x/');
  });
});
