import { describe, expect, it } from 'vitest';
import { withChildren, type RegionNode } from './regionTree';

const provinces = [
  { code: '320000', name: '江苏省', hasChildren: true },
  { code: '110000', name: '北京市', hasChildren: false },
];

describe('the lazily loaded region tree', () => {
  it('fills the top level, then the children of an opened node', () => {
    let tree: RegionNode[] = withChildren([], null, provinces);
    expect(tree).toEqual([
      { key: '320000', title: '江苏省', isLeaf: false },
      { key: '110000', title: '北京市', isLeaf: true },
    ]);
    tree = withChildren(tree, '320000', [{ code: '320100', name: '南京市', hasChildren: true }]);
    tree = withChildren(tree, '320100', [{ code: '320105', name: '建邺区', hasChildren: false }]);
    expect(tree[0]).toEqual({
      key: '320000',
      title: '江苏省',
      isLeaf: false,
      children: [{ key: '320100', title: '南京市', isLeaf: false, children: [{ key: '320105', title: '建邺区', isLeaf: true }] }],
    });
  });

  it('reloading a level keeps the branches loaded below it and takes new names', () => {
    let tree = withChildren([], null, provinces);
    tree = withChildren(tree, '320000', [{ code: '320100', name: '南京市', hasChildren: true }]);
    tree = withChildren(tree, '320100', [{ code: '320105', name: '建邺区', hasChildren: false }]);
    tree = withChildren(tree, null, [{ ...provinces[0]!, name: '江苏' }, provinces[1]!]);
    expect(tree[0]!.title).toBe('江苏');
    expect(tree[0]!.children![0]!.children!.map((n) => n.title)).toEqual(['建邺区']);
  });

  it('a node that gains its first child stops being a leaf; one that loses its last becomes one', () => {
    let tree = withChildren([], null, provinces);
    tree = withChildren(tree, '110000', [{ code: '110100', name: '北京城区', hasChildren: false }]);
    expect(tree[1]).toMatchObject({ isLeaf: false, children: [{ key: '110100' }] });
    tree = withChildren(tree, '110000', []);
    expect(tree[1]).toMatchObject({ isLeaf: true, children: [] });
  });
});
