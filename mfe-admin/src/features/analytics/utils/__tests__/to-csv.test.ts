import { analyticsCsv, csvField, toCsv } from '../to-csv';

test('quotes fields with commas, quotes and newlines', () => {
  expect(csvField('plain')).toBe('plain');
  expect(csvField('a,b')).toBe('"a,b"');
  expect(csvField('say "hi"')).toBe('"say ""hi"""');
  expect(csvField('x\ny')).toBe('"x\ny"');
  expect(csvField(null)).toBe('');
  expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
});

test('joins financial and shop rows by date with net profit', () => {
  const csv = analyticsCsv(
    [
      { date: '2026-11-02', income: 10, expenses: 4, netProfit: 6 },
      { date: '2026-11-01', income: 5, expenses: 5, netProfit: 0 },
    ],
    [{ date: '2026-11-02', sales: 3, revenue: 30, top_items: [{ name: 'Map, deluxe', sales: 2 }] }],
  );
  expect(csv.split('\r\n')).toEqual([
    'date,income,expenses,net_profit,shop_sales,shop_revenue,top_items',
    '2026-11-01,5,5,0,0,0,',
    '2026-11-02,10,4,6,3,30,"Map, deluxe (2)"',
    '',
  ]);
});

test('neutralises text cells a spreadsheet would run as a formula, keeps numbers numeric', () => {
  expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(
    `"'=HYPERLINK(""http://evil.example"",""x"")"`,
  );
  expect(csvField('+1+1')).toBe("'+1+1");
  expect(csvField('-2+3')).toBe("'-2+3");
  expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  expect(csvField('\t=1')).toBe("'\t=1");
  expect(csvField('\r=1')).toBe(`"'\r=1"`);
  expect(csvField('a=b')).toBe('a=b');
  expect(csvField(-5)).toBe('-5');
  const csv = analyticsCsv(
    [],
    [{ date: '2026-11-02', sales: 1, revenue: 10, top_items: [{ name: '=cmd|calc', sales: 1 }] }],
  );
  expect(csv.split('\r\n')[1]).toBe("2026-11-02,0,0,0,1,10,'=cmd|calc (1)");
});
